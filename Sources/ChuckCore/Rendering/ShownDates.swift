/// How `chuck list`, `chuck show` and the `{date}` of `chuck pick`'s (and `list`'s and `show`'s)
/// `--format` write dates for a person, chosen once per command: `--date-format`, else the
/// `date-format` setting (``ChuckConfiguration/dateFormat``), else `chuck`'s own dates — the
/// Swedish date `2020-01-05`, and for `show`'s instants `2020-01-05 13:42:19 UTC`.
///
/// A user's format writes dates and instants alike, and nothing is added to it: `show` appends no
/// ` UTC` (every date is UTC; a format that wants to say so ends with ` UTC`). JSON never goes
/// through it: its dates are for machines and stay as they are.
public struct ShownDates: Sendable, Equatable {
  /// A date alone: `list`'s date lines and `{date}`.
  public let date: DateFormat
  /// An instant: `show`'s `created_at`, `updated_at` and `saved_at`.
  public let instant: DateFormat

  /// `chuck`'s own dates: ``DateFormat/swedish`` and ``DateFormat/swedishDateTime``.
  public static let standard = ShownDates(nil)

  /// Dates in the user's format, or `chuck`'s own.
  /// - Parameter format: the user's format; `nil` for `chuck`'s own dates.
  public init(_ format: DateFormat?) {
    date = format ?? .swedish
    instant = format ?? .swedishDateTime
  }

  /// The one rule for the dates a person is shown, decided here for every command and the
  /// screen: `--date-format`, else the source's own (a declared source's `date-format`, when the
  /// jokes shown are that source's alone), else the `date-format` setting, else `chuck`'s own.
  ///
  /// `list`, `show`, `pick`, `random`, `search` and the screen's rows and detail of one source
  /// pass it; `list --source all`, `favorite list` and the favourites tab, which mix sources,
  /// pass none (one format per list).
  /// - Parameters:
  ///   - flag: `--date-format`, read and checked (``CommandLineOptions/chosenDateFormat()``);
  ///     `nil` for a command without it, and the screen.
  ///   - source: the source whose jokes are shown; `nil` for jokes of several sources.
  ///   - setting: the `date-format` setting (``ChuckConfiguration/dateFormat``), which comes
  ///     next.
  public init(flag: DateFormat? = nil, source: JokeSource?, setting: DateFormat?) {
    self.init(flag ?? source?.dateFormat ?? setting)
  }

  /// ``init(flag:source:setting:)`` with the configuration's setting.
  /// - Parameters:
  ///   - flag: `--date-format`, read and checked; `nil` for none.
  ///   - source: the source whose jokes are shown; `nil` for jokes of several sources.
  ///   - configuration: the settings.
  public init(flag: DateFormat? = nil, source: JokeSource?, configuration: ChuckConfiguration) {
    self.init(flag: flag, source: source, setting: configuration.dateFormat)
  }
}
