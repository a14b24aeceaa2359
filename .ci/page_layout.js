// Appended to a copy of a bench page by .ci/browser: what a reader at this window's width would miss (and a chart's mark off its plot, or charts and tables of different measures), as JSON in a pre element (id layout-problems) that --dump-dom shows.
(function () {
  var problems = [];
  var width = document.documentElement.clientWidth;
  var say = function (text) { problems.push(text); };
  var right = function (element) {
    return Math.round(element.getBoundingClientRect().right);
  };

  // The page itself never scrolls sideways.
  var page = document.documentElement.scrollWidth;
  if (page > width) {
    say('the page scrolls sideways: ' + page + ' px wide in a ' + width +
        ' px window');
  }

  // A table fits, or the box around it scrolls it; nothing clips it.
  document.querySelectorAll('table').forEach(function (table, index) {
    var name = 'table ' + (table.className || index + 1);
    var box = table.parentElement;
    var scrolls = /auto|scroll/.test(getComputedStyle(box).overflowX);
    if (!scrolls && right(table) > width) {
      say(name + ' ends at ' + right(table) + ' px, past the window');
    }
    if (scrolls && right(box) > width) {
      say(name + "'s box ends at " + right(box) + ' px, past the window');
    }
    for (var a = box; a && a !== document.body; a = a.parentElement) {
      var overflow = getComputedStyle(a).overflowX;
      if (/auto|scroll/.test(overflow)) break;
      if (/hidden|clip/.test(overflow) && right(table) > right(a)) {
        say(name + ' is cut by a <' + a.tagName.toLowerCase() + '>');
      }
    }
  });

  // Every chart inside the window; no two legend keys drawn alike, as the
  // browser draws them (colour and dash).
  document.querySelectorAll('svg.chart').forEach(function (svg) {
    var chart = 'chart ' + svg.getAttribute('data-chart');
    var box = svg.getBoundingClientRect();
    if (box.left < 0 || box.right > width + 0.5) {
      say(chart + ' spans ' + Math.round(box.left) + '..' +
          Math.round(box.right) + ' px, past the window');
    }
    var drawn = {};
    svg.querySelectorAll('.legend').forEach(function (key) {
      var mark = key.querySelector('line, rect');
      if (!mark) return;
      var style = getComputedStyle(mark);
      var look = (mark.tagName === 'line' ? style.stroke : style.fill) +
          ', dash ' + style.strokeDasharray;
      var name = key.getAttribute('data-toggle') || key.textContent;
      if (drawn[look] !== undefined) {
        say(chart + ': ' + drawn[look] + ' and ' + name + ' drawn alike (' +
            look + ')');
      }
      drawn[look] = name;
    });
  });

  // A chart drawn in range: every mark's centre inside its plot area (a
  // ratio past a compare chart's axis is an arrow at the edge, not a dot
  // over the row's name).
  document.querySelectorAll('svg.chart').forEach(function (svg) {
    var plot = svg.querySelector('.plot');
    if (!plot) return;
    var area = plot.getBoundingClientRect();
    svg.querySelectorAll('.mark').forEach(function (mark) {
      var box = mark.getBoundingClientRect();
      var x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;
      if (x < area.left - 1 || x > area.right + 1 || y < area.top - 1 ||
          y > area.bottom + 1) {
        say('chart ' + svg.getAttribute('data-chart') + ': a mark (' +
            (mark.getAttribute('data-ratio') || mark.textContent) +
            ') is drawn outside its plot');
      }
    });
  });

  // One measure of time per page: the measures its charts draw
  // (data-measure) are the ones its tables show, named alike.
  var measures = function (selector) {
    var found = {};
    document.querySelectorAll(selector).forEach(function (element) {
      element.getAttribute('data-measure').split(' ').forEach(function (m) {
        found[m] = true;
      });
    });
    return Object.keys(found).sort();
  };
  var charted = measures('svg.chart[data-measure]');
  var tabled = measures('table[data-measure], table [data-measure]');
  if (charted.join(' ') !== tabled.join(' ')) {
    say('the charts show ' + (charted.join(' and ') || 'no measure') +
        ', the tables ' + (tabled.join(' and ') || 'no measure'));
  }

  var out = document.createElement('pre');
  out.id = 'layout-problems';
  out.textContent = JSON.stringify({
    width: width,
    tables: document.querySelectorAll('table').length,
    charts: document.querySelectorAll('svg.chart').length,
    measures: charted,
    problems: problems
  });
  document.body.appendChild(out);
})();
