import Foundation
import Testing

@testable import ChuckCore

@Suite struct ChuckErrorTests {
  private static let everyCase: [ChuckError] = [
    .invalidEnvironment(variable: "CHUCK_TIMEOUT", value: "abc", expected: "seconds"),
    .badConfiguration(
      path: "/c", problems: [ConfigProblem(line: 3, key: "timeout", message: "bad")]),
    .invalidArgument("bad"),
    .ambiguousID(prefix: "abcd", candidates: ["abcd1", "abcd2"]),
    .jokeNotFound(id: "x"),
    .noSavedMatch("abcd"),
    .nothingToPick("no joke to pick: your chuck list is empty"),
    .malformedInput(path: "jokes.csv", line: 3, reason: "an unclosed quote"),
    .notFound(path: "/jokes/random"),
    .categoryNotFound("dev"),
    .unknownCategory("nope", known: ["dev", "movie"]),
    .onlyExcludedJokes(excluded: ["explicit"], attempts: 10),
    .duplicate(id: "x", preview: "p"),
    .alreadyFavorite(name: "Bike"),
    .favoriteNameTaken("Bike"),
    .favoritesFull(limit: 10),
    .noFavorite("Bike"),
    .connectionFailed("connection refused"),
    .certificateRejected(host: "h", reason: "expired"),
    .proxyRefused(proxy: "http://proxy.example:3128", status: 403),
    .proxyRefused(proxy: "http://proxy.example:3128", status: 502),
    .libcurlMissing("libcurl.so.4: cannot open shared object file"),
    .timedOut(seconds: 10),
    .serverError(status: 503),
    .rateLimited,
    .unexpectedStatus(418),
    .redirected(location: "https://elsewhere.example/"),
    .badResponse("the body is empty"),
    .responseTooLarge(limit: 1 << 20),
    .storageUnreadable(path: "/p", reason: "r"),
    .storageCorrupt(path: "/p", reason: "r"),
    .storageUnsupportedVersion(path: "/p", version: 2),
    .storageWriteFailed(path: "/p", reason: "r"),
    .storageNotDurable(paths: ["/p"], reason: "r"),
    .storageIncomplete(journal: "/j", paths: ["/p", "/q"], reason: "r"),
    .cacheWriteFailed(path: "/p", reason: "r"),
    .outputFailed(reason: "r"),
    .lockTimeout(path: "/p", seconds: 10),
    .syncRecordRefused("damaged"),
    .syncNotReady("no key"),
    .syncEngineFailed("git push failed"),
    .libsodiumMissing("not found"),
    .cancelled,
    .internalError("oops"),
  ]

  /// Every case has its own non-empty one-line message, also its localized description.
  @Test func everyCaseHasAMessage() {
    var seen = Set<String>()
    for error in Self.everyCase {
      let message = error.errorDescription ?? ""
      #expect(!message.isEmpty, "\(error)")
      #expect(!message.contains("\n"), "\(error)")
      #expect(!message.hasPrefix("error:"), "\(error)")
      #expect(error.localizedDescription == message)
      seen.insert(message)
    }
    #expect(seen.count == Self.everyCase.count)
  }

  /// Whether a case is expected to be transient; the switch has no `default`, so a new case does
  /// not compile until it is listed here (and, by the same hand, in `everyCase`).
  private static func expectedTransient(_ error: ChuckError) -> Bool {
    switch error {
    case .connectionFailed, .timedOut, .serverError:
      return true
    case .proxyRefused(_, let status):
      return status >= 500
    case .invalidEnvironment, .badConfiguration, .invalidArgument, .ambiguousID, .jokeNotFound,
      .noSavedMatch,
      .nothingToPick, .malformedInput, .notFound, .categoryNotFound, .unknownCategory,
      .onlyExcludedJokes,
      .duplicate, .rateLimited,
      .alreadyFavorite, .favoriteNameTaken, .favoritesFull, .noFavorite,
      .unexpectedStatus, .redirected, .badResponse,
      .responseTooLarge, .storageUnreadable, .storageCorrupt, .storageUnsupportedVersion,
      .storageWriteFailed, .storageNotDurable, .storageIncomplete, .cacheWriteFailed, .outputFailed,
      .lockTimeout, .syncRecordRefused, .syncNotReady, .syncEngineFailed, .libsodiumMissing,
      .cancelled,
      .internalError, .certificateRejected, .libcurlMissing:
      return false
    }
  }

  /// Only connection failures, timeouts and 5xx answers are worth another attempt.
  @Test func isTransient() {
    for error in Self.everyCase {
      #expect(error.isTransient == Self.expectedTransient(error), "\(error)")
    }
    #expect(Self.everyCase.filter(\.isTransient).count == 4)
    #expect(Self.everyCase.count == 44)
  }

  /// Messages carry the details a user needs: the variable, the candidates, the path, the status.
  @Test func messagesNameTheDetails() {
    #expect(
      ChuckError.invalidEnvironment(variable: "CHUCK_TIMEOUT", value: "abc", expected: "seconds")
        .errorDescription == "CHUCK_TIMEOUT=\"abc\" is not usable: expected seconds")
    #expect(
      ChuckError.ambiguousID(prefix: "abcd", candidates: ["abcd1", "abcd2"]).errorDescription
        == "'abcd' matches 2 saved jokes: abcd1, abcd2; type more of the id")
    #expect(ChuckError.noSavedMatch("abcd").errorDescription?.contains("'abcd'") == true)
    #expect(ChuckError.serverError(status: 503).errorDescription?.contains("503") == true)
    // A failed change says exactly what was done: unchanged only when nothing changed.
    #expect(
      ChuckError.storageWriteFailed(path: "/d/jokes.json", reason: "No space left on device")
        .errorDescription
        == "cannot write /d/jokes.json: No space left on device; what was saved is unchanged")
    #expect(
      ChuckError.storageIncomplete(
        journal: "/d/chuck.journal", paths: ["/d/jokes.json", "/d/favorites.json"],
        reason: "renaming its new jokes.json: No space left on device"
      ).errorDescription
        == "the change to /d/jokes.json and /d/favorites.json is made but not complete "
        + "(renaming its new jokes.json: No space left on device); it is recorded in "
        + "/d/chuck.journal, and the next chuck that can write there completes it")
    #expect(
      ChuckError.storageNotDurable(paths: ["/d/a", "/d/b", "/d/c"], reason: "Input/output error")
        .errorDescription
        == "changed /d/a, /d/b and /d/c, but the disk did not confirm it (Input/output error); "
        + "a power cut may undo the change")
    #expect(ChuckError.unexpectedStatus(418).errorDescription?.contains("418") == true)
    #expect(
      ChuckError.storageCorrupt(path: "/d/jokes.json", reason: "r").errorDescription?
        .contains("/d/jokes.json") == true)
    #expect(ChuckError.duplicate(id: "abc", preview: "p").errorDescription?.contains("abc") == true)
    #expect(
      ChuckError.responseTooLarge(limit: 1 << 20).errorDescription?.contains("1024 KiB") == true)
  }

  /// A favourite's name in a suggested command is quoted for the shell when it needs it.
  @Test(arguments: [
    ("Bike", "chuck favorite remove Bike"), ("two words", "chuck favorite remove 'two words'"),
    ("it's", #"chuck favorite remove 'it'\''s'"#), ("ünï-1.x_y", "chuck favorite remove ünï-1.x_y"),
    ("$HOME", "chuck favorite remove '$HOME'"),
  ])
  func takenNameSuggestsAShellWord(name: String, command: String) {
    #expect(ChuckError.favoriteNameTaken(name).errorDescription?.hasSuffix(command) == true)
  }

  /// Seconds read naturally: `1 second`, `10 seconds`, `0.5 seconds`.
  @Test(arguments: [
    (1.0, "1 second"), (10.0, "10 seconds"), (0.5, "0.5 seconds"), (0, "0 seconds"),
  ])
  func secondsWording(seconds: Double, text: String) {
    #expect(ChuckError.timedOut(seconds: seconds).errorDescription?.hasSuffix(text) == true)
    #expect(
      ChuckError.lockTimeout(path: "/p", seconds: seconds).errorDescription?
        .contains("more than \(text);") == true)
  }
}
