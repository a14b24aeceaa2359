// Manual pages (roff, man(7)) written from a CLI11 App: the same option
// definitions, groups and exit codes that --help prints, for bench and the
// tools.
#include "engine/cli/man_page.h"

#include <algorithm>
#include <cctype>

namespace sudoku {
namespace {

// `text` as roff prose: a backslash or a minus would be read as an escape
// or a hyphen, and a line that opens with '.' or '\'' as a request.
std::string Roff(const std::string& text) {
  std::string out;
  bool line_start = true;
  for (const char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  return out;
}

std::string Upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(c));
  return text;
}

// The value an option takes, as --help names it ("N", "FILE ..."), without
// the default that --help appends.
std::string DefaultText(const CLI::Option& option, const ManPage& page) {
  for (const std::string& name : option.get_lnames()) {
    const auto machine = page.machine_defaults.find("--" + name);
    if (machine != page.machine_defaults.end()) return machine->second;
  }
  std::string text = option.get_default_str();
  // CLI11 writes a list's default as "[a,b]".
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') {
    text = text.substr(1, text.size() - 2);
  }
  return text;
}

// One option as a tagged paragraph: its names and value, then its help and
// default.
void WriteOption(std::ostream& out, const CLI::Option& option,
                 const ManPage& page) {
  out << ".TP\n";
  if (option.get_positional() && !option.nonpositional()) {
    out << "\\fI" << Roff(option.get_name()) << "\\fR";
  } else {
    std::vector<std::string> names;
    for (const std::string& s : option.get_snames()) names.push_back("-" + s);
    for (const std::string& l : option.get_lnames()) names.push_back("--" + l);
    for (size_t i = 0; i < names.size(); ++i) {
      out << (i ? ", " : "") << "\\fB" << Roff(names[i]) << "\\fR";
    }
    if (const std::string value = ValueNameOf(option); !value.empty()) {
      out << " \\fI" << Roff(value) << "\\fR";
    }
  }
  out << '\n' << Roff(option.get_description()) << '\n';
  if (const std::string value = DefaultText(option, page);
      !value.empty() && !option.get_positional()) {
    out << ".br\nDefault: " << Roff(value) << "\n";
  }
}

void WriteExitCodes(std::ostream& out, const ExitCodes& codes) {
  for (const ExitStatus& s : codes.codes) {
    out << ".TP\n.B " << Roff(s.code) << '\n' << Roff(s.meaning) << '\n';
  }
  if (!codes.note.empty()) out << ".PP\n" << Roff(codes.note) << '\n';
}

// Each example as a tagged paragraph: the command in bold, as typed, then
// what it does.
void WriteExamples(
    std::ostream& out,
    const std::vector<std::pair<std::string, std::string>>& examples) {
  if (examples.empty()) return;
  out << ".SH EXAMPLES\n";
  for (const auto& [command, what] : examples) {
    out << ".TP\n\\fB" << Roff(command) << "\\fR\n" << Roff(what) << '\n';
  }
}

std::vector<const CLI::Option*> Positionals(const CLI::App& app) {
  return app.get_options(
      [](const CLI::Option* o) { return !o->nonpositional(); });
}

// Every option of `app` in `group`, in definition order.
std::vector<const CLI::Option*> InGroup(const CLI::App& app,
                                        const std::string& group) {
  return app.get_options([&group](const CLI::Option* o) {
    return o->nonpositional() && o->get_group() == group;
  });
}

// "bench [OPTIONS] [datasets...]", with `name` the command's full name.
void WriteSynopsis(std::ostream& out, const CLI::App& app,
                   const std::string& name) {
  out << ".B " << Roff(name) << "\n[\\fIOPTIONS\\fR]";
  for (const CLI::Option* p : Positionals(app)) {
    const bool many = p->get_expected_max() > 1;
    const std::string word =
        "\\fI" + Roff(p->get_name()) + "\\fR" + (many ? "\\&..." : "");
    out << ' ' << (p->get_required() ? word : "[" + word + "]");
  }
  out << '\n';
}

// The synopsis of every subcommand, and of theirs ("bench history add").
void WriteSubcommandSynopses(std::ostream& out, const CLI::App& app,
                             const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands({})) {
    out << ".br\n";
    const std::string full = name + " " + sub->get_name();
    WriteSynopsis(out, *sub, full);
    WriteSubcommandSynopses(out, *sub, full);
  }
}

// Each subcommand of `app` with its arguments, options and exit codes, then
// its own subcommands the same way (theirs share its exit codes, said once).
void WriteSubcommands(std::ostream& out, const CLI::App& app,
                      const std::string& name, const ManPage& page) {
  for (const CLI::App* sub : app.get_subcommands({})) {
    const std::string full = name + " " + sub->get_name();
    out << ".SS \"" << Roff(full) << "\"\n"
        << Roff(sub->get_description()) << '\n';
    for (const CLI::Option* p : Positionals(*sub)) WriteOption(out, *p, page);
    for (const std::string& group : sub->get_groups()) {
      if (group.empty()) continue;
      for (const CLI::Option* o : InGroup(*sub, group)) {
        WriteOption(out, *o, page);
      }
    }
    if (const auto codes = page.exit_codes.find(sub->get_name());
        codes != page.exit_codes.end()) {
      out << ".PP\n\\fBExit status:\\fR\n";
      WriteExitCodes(out, codes->second);
    }
    WriteSubcommands(out, *sub, full, page);
  }
}

}  // namespace

void WriteManPage(std::ostream& out, const CLI::App& app, const ManPage& page) {
  const std::string name = app.get_name();
  const auto subcommands = app.get_subcommands({});
  out << ".\\\" Written by `" << name
      << " --man` from its option definitions; edit those, not this.\n"
      << ".TH " << Upper(name) << " 1 \"\" \"" << Roff(page.source)
      << "\" \"User Commands\"\n"
      << ".ad l\n.nh\n"  // ragged right, no hyphens: options stay whole
      << ".SH NAME\n"
      << Roff(name) << " \\- " << Roff(page.summary) << '\n'
      << ".SH SYNOPSIS\n";
  WriteSynopsis(out, app, name);
  WriteSubcommandSynopses(out, app, name);
  out << ".SH DESCRIPTION\n"
      << Roff(page.description.empty() ? app.get_description()
                                       : page.description)
      << '\n';
  if (const auto positionals = Positionals(app); !positionals.empty()) {
    out << ".SH ARGUMENTS\n";
    for (const CLI::Option* p : positionals) WriteOption(out, *p, page);
  }
  out << ".SH OPTIONS\n";
  for (const std::string& group : app.get_groups()) {
    const auto options = InGroup(app, group);
    if (group.empty() || options.empty()) continue;
    // CLI11's default group is the section itself.
    if (group != "Options") out << ".SS " << Roff(group) << '\n';
    for (const CLI::Option* o : options) WriteOption(out, *o, page);
  }
  if (!subcommands.empty()) out << ".SH COMMANDS\n";
  WriteSubcommands(out, app, name, page);
  if (const auto codes = page.exit_codes.find(name);
      codes != page.exit_codes.end()) {
    out << ".SH \"EXIT STATUS\"\n";
    WriteExitCodes(out, codes->second);
  }
  WriteExamples(out, page.examples);
  if (!page.see_also.empty()) {
    out << ".SH \"SEE ALSO\"\n";
    for (size_t i = 0; i < page.see_also.size(); ++i) {
      out << (i ? ",\n" : "") << Roff(page.see_also[i]);
    }
    out << '\n';
  }
}

void AddManFlag(CLI::App& app, ManPage page, std::ostream& out) {
  app.add_flag_callback(
         "--man",
         [&app, page = std::move(page), &out] {
           WriteManPage(out, app, page);
           throw CLI::Success();
         },
         "Write this program's manual page (roff) and exit")
      ->group("");
}

}  // namespace sudoku
