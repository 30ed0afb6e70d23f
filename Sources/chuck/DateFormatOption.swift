import ArgumentParser
import ChuckCore

/// `--date-format FORMAT`: how `list`, `show` and `{date}` write dates (`pick`, `list`, `show`);
/// see `ShownDates`.
struct DateFormatOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Write dates in this strftime-like format, in UTC, with English names (fields: "
        + DateFormat.fieldList + "; " + Setting.flagDefault(of: "date-format")
        + ", and for show %Y-%m-%d %H:%M:%S UTC).", valueName: "format"))
  var dateFormat: String?

  /// The format given, checked; `nil` when none was.
  func resolve() throws -> DateFormat? {
    var typed = CommandLineOptions()
    fill(&typed)
    return try validated { () throws(ChuckError) in try typed.chosenDateFormat() }
  }

  /// Adds this option to a command line's.
  func fill(_ typed: inout CommandLineOptions) {
    typed.dateFormat = dateFormat
  }
}
