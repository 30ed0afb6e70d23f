/// A source's sub-tables: `[sources.NAME.fields]` and `[sources.NAME.headers]`.
extension SourceTableReader {
  /// The `[sources.NAME.fields]` table's rows, in file order.
  mutating func fields() -> [SourceDeclaration.Field] {
    var fields: [SourceDeclaration.Field] = []
    for entry in fieldEntries {
      guard case .string(let text) = entry.value else {
        refuse(entry, SourceDeclaration.notAString(entry.value, example: "/description"))
        continue
      }
      do throws(ChuckError) {
        fields.append(
          SourceDeclaration.Field(label: entry.key, pointer: try JSONPointer(parsing: text)))
      } catch {
        refuse(entry, Self.words(error))
      }
    }
    return fields
  }

  /// The `[sources.NAME.headers]` table's headers, in file order, their variables filled in.
  mutating func headers() -> [SourceDeclaration.Header] {
    var headers: [SourceDeclaration.Header] = []
    var lines: [String: (name: String, line: Int)] = [:]
    for entry in headerEntries {
      if let problem = SourceDeclaration.problem(withHeaderName: entry.key) {
        refuse(entry, problem)
        continue
      }
      if let earlier = lines[ASCIIByte.lowercased(entry.key)] {
        refuse(
          entry,
          "\(entry.key.debugDescription) is the header \(earlier.name.debugDescription) of line "
            + "\(earlier.line) again (a header's name is the same in any case): set it once")
        continue
      }
      lines[ASCIIByte.lowercased(entry.key)] = (entry.key, entry.line)
      guard case .string(let template) = entry.value else {
        refuse(entry, SourceDeclaration.notAString(entry.value, example: "Bearer ${API_TOKEN}"))
        continue
      }
      let (value, problems) = SourceDeclaration.filled(template, environment: environment)
      for problem in problems { refuse(entry, problem) }
      guard problems.isEmpty else { continue }
      guard !value.isEmpty else {
        refuse(
          entry,
          template.isEmpty
            ? "the value is empty: give the header a value, or remove the line"
            : "the value is empty once its variables are filled in: give them a value, or "
              + "remove the header")
        continue
      }
      headers.append(SourceDeclaration.Header(name: entry.key, template: template, value: value))
    }
    return headers
  }
}
