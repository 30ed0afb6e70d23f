import ArgumentParser
import ChuckCore

/// `--format TEMPLATE|waybar`, `--oneline`, `--max-width N`: a joke printed for another program
/// (`pick`, `random`, `show`, `list`); see `JokeFormat`.
struct FormatOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Print each joke through a template of fields ({value}, {setup}, {punchline}, {id}, "
        + "{source}, {categories}, {url}, {date}; {{ and }} for braces), or waybar for waybar's "
        + "JSON.", valueName: "template"))
  var format: String?

  @Flag(help: "Collapse whitespace: one line a joke.")
  var oneline = false

  @Option(help: ArgumentHelp("Cut the text to N columns, ending with …", valueName: "n"))
  var maxWidth: Int?

  /// The format asked for, or `nil` for the command's own output.
  /// - Parameter json: whether `--json` was given (which no format goes with).
  func resolve(json: Bool) throws -> JokeFormat? {
    var typed = CommandLineOptions()
    fill(&typed, json: json)
    return try validated { () throws(ChuckError) in try typed.jokeFormat() }
  }

  /// Adds these options, and `--json`, to a command line's.
  func fill(_ typed: inout CommandLineOptions, json: Bool) {
    (typed.format, typed.oneLine, typed.maximumWidth, typed.json) = (
      format, oneline, maxWidth, json
    )
  }
}

/// What `body` returns; its error as the argument parser's usage error, in the same words.
func validated<T>(_ body: () throws(ChuckError) -> T) throws -> T {
  do throws(ChuckError) {
    return try body()
  } catch {
    throw ValidationError(error.errorDescription ?? "\(error)")
  }
}
