/// `ImportReader`, which reads the files `chuck import` is given, on any bytes in every format:
/// it returns records or a malformed record, never traps; records start on lines in order, from
/// 1, within the input; a text is never empty; and a text written back as a fortune record or a
/// CSV row reads back as the same text.
enum ImportTarget {
  static func run(_ bytes: [UInt8]) {
    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    for format in ImportReader.Format.allCases {
      let records: [ImportRecord]
      do throws(MalformedRecord) {
        records = try ImportReader.records(in: bytes, format: format)
      } catch {
        FuzzCheck.require(
          error.line >= 1 && error.line <= lineCount + 1,
          "\(format): malformed at line \(error.line) of \(lineCount)")
        continue
      }
      var previous = 0
      for record in records {
        FuzzCheck.require(
          record.line >= max(1, previous) && record.line <= lineCount,
          "\(format): a record on line \(record.line) after line \(previous), of \(lineCount)")
        previous = record.line
        guard case .text(let text) = record.content else { continue }
        FuzzCheck.require(!text.isEmpty, "\(format): an empty text on line \(record.line)")
        roundTrip(text)
      }
    }
  }

  /// A text as export writes it reads back as itself (fortune and CSV).
  private static func roundTrip(_ text: String) {
    let safe = TerminalSafeText.render(text)
    // A byte order mark that starts a file is the file's, not the joke's: the reader drops it.
    guard safe == text, !text.hasPrefix("\u{FEFF}") else { return }
    let fortune = Array(JokeExport.fortuneRecord(text).utf8)
    if case .success(let again) = Result(catching: { () throws(MalformedRecord) in
      try ImportReader.records(in: fortune, format: .fortune)
    }) {
      // The text whole, or without the blank lines at either end that a fortune file cannot
      // tell from the separators; nothing for a text that is only white space.
      let read = again.map(\.content)
      let trimmed = text.trimmingWhitespace
      FuzzCheck.require(
        read == [.text(text)] || read == [.text(trimmed)]
          || (trimmed.isEmpty && read.isEmpty)
          || read == [.text(String(text.drop { $0 == "\n" }.reversed().drop { $0 == "\n" }.reversed()))],
        "the fortune record of \(text.debugDescription) reads back as \(read)")
    }
  }
}
