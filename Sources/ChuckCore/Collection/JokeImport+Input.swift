import FoundationEssentials

extension JokeImport.Target {
  /// Where `chuck import --source NAME --format FORMAT` puts the jokes: mine unless `--source`
  /// says otherwise; texts only ever into mine.
  /// - Parameters:
  ///   - source: `--source`: a source's name, `all`, or nothing.
  ///   - format: `--format`.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a name that is no source, or a format of
  ///   texts into another list than mine.
  public init(source: String?, format: ImportReader.Format) throws(ChuckError) {
    switch try SourceScope(source) {
    case .configured: self = .source(.mine)
    case .one(let source): self = .source(source)
    case .all: self = .all
    }
    if format.holdsTextsOnly, self != .source(.mine) {
      throw .invalidArgument(
        "--format \(format.rawValue) holds texts only: they import into mine; "
          + "--source takes --format json.")
    }
  }
}

extension JokeImport {
  /// Reads and checks an input's records: nothing is written yet.
  /// - Parameters:
  ///   - bytes: the input.
  ///   - format: its format.
  ///   - name: the input as messages name it (`stdin` for `-`).
  ///   - target: where the jokes go.
  ///   - components: where the lists are.
  ///   - time: when they are saved.
  /// - Throws: ``ChuckError/malformedInput(path:line:reason:)`` (exit 65) for the first record
  ///   that is malformed or cannot be a joke of its list.
  public init(
    _ bytes: [UInt8], format: ImportReader.Format, named name: String, into target: Target,
    components: ChuckComponents, at time: PostgresTimestamp
  ) throws(ChuckError) {
    do throws(MalformedRecord) {
      let records = try ImportReader.records(in: bytes, format: format)
      self = try JokeImport(records, into: target, components: components, at: time)
    } catch {
      throw .malformedInput(path: name, line: error.line, reason: error.reason)
    }
  }

  /// A file's bytes: a regular file, read without blocking, at most ``maximumInputSize``.
  /// - Parameter path: the file.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)``, or a storage error.
  public static func read(file path: String) throws(ChuckError) -> [UInt8] {
    let store = FileStore(fileURL: URL(fileURLWithPath: path), maximumSize: maximumInputSize)
    guard let bytes = try store.read() else {
      throw .storageUnreadable(path: path, reason: "no such file")
    }
    return bytes
  }
}
