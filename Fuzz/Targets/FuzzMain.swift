// The fuzz targets' entry point. These files are compiled into one binary together with
// ChuckCore's own sources (Scripts/fuzz.sh), so that every target drives ChuckCore's real code,
// internal parts included, and ChuckCore is compiled once for all targets. `FUZZ_TARGET` picks the
// target; see Fuzz/README.md.

import Dispatch
import FoundationEssentials
import Glibc

/// One fuzz target: its name (`FUZZ_TARGET`, and its seed corpus `Fuzz/Corpus/<name>`) and what it
/// does with one input. A broken invariant stops the process (``FuzzCheck/require(_:_:)``), and
/// libFuzzer keeps the input as a crash.
struct FuzzTarget: Sendable {
  let name: String
  let run: @Sendable ([UInt8]) -> Void
}

enum FuzzTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(name: "list", run: ListTarget.run),
    FuzzTarget(name: "json", run: JSONTarget.run),
    FuzzTarget(name: "stores", run: StoresTarget.run),
    FuzzTarget(name: "keys", run: KeysTarget.run),
    FuzzTarget(name: "sanitiser", run: SanitiserTarget.run),
    FuzzTarget(name: "timestamp", run: TimestampTarget.run),
    FuzzTarget(name: "chuck-answer", run: ChuckAnswerTarget.run),
    FuzzTarget(name: "service-answer", run: ServiceAnswerTarget.run),
    FuzzTarget(name: "import", run: ImportTarget.run),
    FuzzTarget(name: "journal", run: JournalTarget.run),
    FuzzTarget(name: "config", run: ConfigTarget.run),
    FuzzTarget(name: "sources", run: SourcesTarget.run),
    FuzzTarget(name: "sync-log", run: SyncLogTarget.run),
  ]

  /// The target `FUZZ_TARGET` names; the process ends with the list of names for any other value.
  static let selected: FuzzTarget = {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    if let target = all.first(where: { $0.name == name }) { return target }
    let names = all.map(\.name).joined(separator: " ")
    FuzzCheck.say("FUZZ_TARGET must name a target, one of: \(names)")
    exit(2)
  }()
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  FuzzTargets.selected.run(bytes)
  return 0
}

@_cdecl("LLVMFuzzerInitialize")
func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  // Refuse a wrong FUZZ_TARGET before libFuzzer reads the corpus.
  _ = FuzzTargets.selected
  return 0
}

enum FuzzCheck {
  /// Writes a line to standard error (libFuzzer's output goes there too).
  static func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }

  /// Stops the run when an invariant does not hold: the message, then a trap that libFuzzer
  /// reports as a crash, saving the input.
  static func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    line: UInt = #line, file: StaticString = #fileID
  ) {
    guard !condition() else { return }
    say("fuzz invariant broken (\(file):\(line)): \(message())")
    fatalError("fuzz invariant broken", file: file, line: line)
  }
}

/// Runs async work to its end from libFuzzer's synchronous call: the answer decoders are async
/// because the network is, though a scripted transport never waits.
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    box.value = await work()
    done.signal()
  }
  done.wait()
  return box.value!
}

/// Where the async work leaves its result; the semaphore orders the write before the read.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// A transport that answers every request with `body`, as JSON with status 200.
func answering(_ body: [UInt8]) -> HTTPTransport {
  let data = Data(body)
  return HTTPTransport { (_: HTTPRequest, _: TransferLimits) async throws(ChuckError) in
    HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
  }
}

/// How the stores encode an item (``NetworkCache``'s encoder settings).
func storeEncoded<T: Encodable>(_ value: T) -> [UInt8]? {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return try? Array(encoder.encode(value))
}

/// The list file that saving `items` one by one makes (``ListEnvelope``'s `file(holding:)`, then
/// `appending(_:to:)` on what the list reader found), checked to read back.
func savedList(_ items: [[UInt8]]) -> RawItems {
  var raw = RawItems.none
  for item in items {
    let bytes =
      raw.insertion == nil
      ? ListEnvelope.file(holding: item) : ListEnvelope.appending(item, to: raw)
    guard case .success(let next) = ListEnvelope.scan(bytes) else {
      FuzzCheck.require(
        false, "a saved item does not read back: \(String(decoding: item, as: UTF8.self))")
      return raw
    }
    raw = next
  }
  return raw
}
