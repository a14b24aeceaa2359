// Usage errors in one style for every program: CLI11's messages, each kind
// rewritten as "PROGRAM: --option: what is wrong".
#include "engine/cli/usage_errors.h"

#include <regex>
#include <vector>

namespace sudoku {
namespace {

// The subcommands the command line entered, deepest last.
std::vector<const CLI::App*> Entered(const CLI::App& app) {
  std::vector<const CLI::App*> chain = {&app};
  while (!chain.back()->get_subcommands().empty()) {
    chain.push_back(chain.back()->get_subcommands().front());
  }
  return chain;
}

// The text after "NAME: " in CLI11's "NAME: MESSAGE", or empty.
bool SplitName(const std::string& what, std::string& name,
               std::string& message) {
  const size_t colon = what.find(": ");
  if (colon == std::string::npos || colon == 0) return false;
  name = what.substr(0, colon);
  message = what.substr(colon + 2);
  return name.find(' ') == std::string::npos;
}

// An option's value as --help names it ("N", "FILE..."), without its
// default.
std::string ValueText(const CLI::Option& option) {
  std::string text = option.get_option_text();
  if (text.empty()) {
    text = option.get_type_name();
    text = text.substr(0, text.find(':'));
  }
  return text.substr(0, text.find('='));
}

// What a value of this CLI11 type is: "an integer", "a number".
std::string TypeWords(const CLI::Option& option) {
  std::string type = option.get_type_name();
  type = type.substr(0, type.find(':'));
  if (type == "UINT") return "a whole number, 0 or more";
  if (type == "INT") return "a whole number";
  if (type == "FLOAT") return "a number";
  return "a valid " + ValueText(option);
}

// "Value 0 not in range 1 to 1024" and "kind not in {a,b}", CLI11's
// validators' words, in the house's.
std::string Tidy(const std::string& message) {
  static const std::regex range("^Value (.*) not in range (.*) to (.*)$");
  static const std::regex member("^(.*) not in \\{(.*)\\}$");
  std::smatch match;
  if (std::regex_match(message, match, range)) {
    static const std::regex number("^[-+]?[0-9.]+([eE][-+]?[0-9]+)?$");
    if (!std::regex_match(match[1].str(), number)) {
      return "'" + match[1].str() + "' is not a number";
    }
    return match[1].str() + " is out of range (" + match[2].str() + " to " +
           match[3].str() + ")";
  }
  if (std::regex_match(message, match, member)) {
    return "'" + match[1].str() + "' is not one of " +
           std::regex_replace(match[2].str(), std::regex(","), ", ");
  }
  return message;
}

std::string Missing(const CLI::App& active, const std::string& name) {
  const CLI::Option* option = active.get_option_no_throw(name);
  if (option == nullptr) return name + ": required, not given";
  if (option->nonpositional()) {
    return name + ": required, not given (" + ValueText(*option) + ")";
  }
  try {
    // get_validator only reads, but CLI11 2.1 declares it non-const.
    if (const_cast<CLI::Option*>(option)->get_validator(kInputPathValidator) !=
        nullptr) {
      return "no input named: give puzzle files, or - to read standard "
             "input (a pipe is read only when - says so)";
    }
  } catch (const CLI::OptionNotFound&) {
  }
  return ValueText(*option) + ": required, not given";
}

std::string SubcommandNames(const CLI::App& active) {
  std::vector<std::string> names;
  for (const CLI::App* sub :
       active.get_subcommands([](const CLI::App*) { return true; })) {
    if (!sub->get_name().empty()) names.push_back(sub->get_name());
  }
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return text;
}

// What is wrong, after "PROGRAM: ".
std::string Explain(const CLI::App& active, const CLI::Error& error) {
  const std::string kind = error.get_name();
  const std::string what = error.what();
  std::string name, message;
  // A hidden option's error, which CLI11 names with no name.
  if (what.starts_with(": ")) return Tidy(what.substr(2));
  if (kind == "RequiredError") {
    if (what == "A subcommand is required") {
      return "a subcommand is required: " + SubcommandNames(active);
    }
    const std::string suffix = " is required";
    if (what.ends_with(suffix)) {
      return Missing(active, what.substr(0, what.size() - suffix.size()));
    }
    return what;
  }
  if (kind == "ExcludesError" || kind == "RequiresError") {
    const std::string verb =
        kind == "ExcludesError" ? " excludes " : " requires ";
    const size_t at = what.find(verb);
    if (at == std::string::npos) return what;
    return what.substr(0, at) +
           (kind == "ExcludesError" ? ": does not combine with " : ": needs ") +
           what.substr(at + verb.size());
  }
  // CLI11 names an ExtrasError of an App with subcommands after the App, so
  // it is told by its words.
  if (what.starts_with("The following argument")) {
    const std::string arguments = what.substr(what.find(": ") + 2);
    if (arguments.find(' ') != std::string::npos) {
      return "unexpected arguments: " + arguments;
    }
    return arguments + (arguments.starts_with("-") && arguments.size() > 1
                            ? ": no such option"
                            : ": unexpected argument");
  }
  if (kind == "ConversionError" && what.starts_with("Could not convert: ")) {
    const std::string rest = what.substr(19);
    const size_t equals = rest.find(" = ");
    if (equals != std::string::npos) {
      name = rest.substr(0, equals);
      const std::string value = rest.substr(equals + 3);
      const CLI::Option* option = active.get_option_no_throw(name);
      return name + ": '" + value + "' is not " +
             (option != nullptr ? TypeWords(*option) : "a valid value");
    }
  }
  if (SplitName(what, name, message)) {
    static const std::regex missing("^[0-9]+ required .* missing$");
    if (kind == "ArgumentMismatch" && std::regex_match(message, missing)) {
      const CLI::Option* option = active.get_option_no_throw(name);
      return name + ": needs a value" +
             (option != nullptr ? " (" + ValueText(*option) + ")" : "");
    }
    // A positional's name ("files") is no word of the command line.
    const CLI::Option* option = active.get_option_no_throw(name);
    if (option != nullptr && !option->nonpositional()) return Tidy(message);
    return name + ": " + Tidy(message);
  }
  return what;
}

}  // namespace

std::string UsageErrorMessage(const CLI::App& app, const CLI::Error& error) {
  const std::vector<const CLI::App*> entered = Entered(app);
  std::string program;
  for (const CLI::App* sub : entered) {
    if (sub->get_name().empty()) continue;
    program += (program.empty() ? "" : " ") + sub->get_name();
  }
  return program + ": " + Explain(*entered.back(), error) + "\nRun " + program +
         " --help for more information.\n";
}

void UseHouseErrors(CLI::App& app) {
  app.failure_message([](const CLI::App* top, const CLI::Error& error) {
    return UsageErrorMessage(*top, error);
  });
}

}  // namespace sudoku
