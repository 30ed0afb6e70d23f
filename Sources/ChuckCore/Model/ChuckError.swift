import FoundationEssentials

/// Every failure that `ChuckCore` can report.
///
/// Associated values are plain strings and numbers so that the enum stays `Equatable` and
/// `Sendable`; foreign errors (`URLError`, `DecodingError`, POSIX errors) are translated once, where
/// they arise.
public enum ChuckError: Error, Equatable, Sendable, LocalizedError {
  /// An environment variable holds a value that cannot be used.
  case invalidEnvironment(variable: String, value: String, expected: String)
  /// The config file cannot be used: the file, and every problem found in it (at least one).
  case badConfiguration(path: String, problems: [ConfigProblem])
  /// A command-line argument cannot be used.
  case invalidArgument(String)
  /// An id prefix matches more than one saved joke.
  case ambiguousID(prefix: String, candidates: [String])
  /// The API does not know this joke id (and it is not saved).
  case jokeNotFound(id: String)
  /// No saved joke matches this id or prefix, and it is not a full id to look up on the API.
  case noSavedMatch(String)
  /// No saved joke could be picked: why (the list is empty, or none fits the options).
  case nothingToPick(String)
  /// A record of an input file (`chuck import`) is not what its format says: the file (`stdin`
  /// for `-`), the line the record starts on, and why.
  case malformedInput(path: String, line: Int, reason: String)
  /// The API answered 404 for this path, which names no joke or category of the user's.
  case notFound(path: String)
  /// The API has no jokes in the requested category.
  case categoryNotFound(String)
  /// The API has no jokes in the requested category; these are the categories it has.
  case unknownCategory(String, known: [String])
  /// Every joke the API sent in this many attempts was of an excluded category.
  case onlyExcludedJokes(excluded: [String], attempts: Int)
  /// The joke is already in the list; nothing was saved.
  case duplicate(id: String, preview: String)
  /// A joke was made a favourite when it already is one, under this name.
  case alreadyFavorite(name: String)
  /// A favourite's name is taken (compared case-insensitively) by this favourite.
  case favoriteNameTaken(String)
  /// The favourites are at their limit.
  case favoritesFull(limit: Int)
  /// No favourite has this name.
  case noFavorite(String)
  /// The server could not be reached (refused, reset, DNS failure…) on the last attempt.
  case connectionFailed(String)
  /// The server's certificate was not trusted (unknown issuer, expired, another host's); never
  /// retried, as it will not change in a moment.
  case certificateRejected(host: String, reason: String)
  /// The proxy answered `CONNECT` with this status instead of opening a tunnel to the API (403: not
  /// allowed, 407: credentials wanted…); retried only when it is a 5xx.
  case proxyRefused(proxy: String, status: Int)
  /// libcurl, which every request goes through, could not be loaded.
  case libcurlMissing(String)
  /// The last attempt did not complete within the per-attempt deadline, in seconds.
  case timedOut(seconds: Double)
  /// The server answered 5xx on the last attempt.
  case serverError(status: Int)
  /// The server answered 429 Too Many Requests.
  case rateLimited
  /// The server answered a status that its API never promises for this request.
  case unexpectedStatus(Int)
  /// The server answered with a redirect, which is never followed.
  case redirected(location: String)
  /// The server answered something that is not the JSON its API promises.
  case badResponse(String)
  /// The response body was larger than the limit, in bytes.
  case responseTooLarge(limit: Int)
  /// A local file could not be read.
  case storageUnreadable(path: String, reason: String)
  /// A local file could be read but does not hold the documented format.
  case storageCorrupt(path: String, reason: String)
  /// A local file declares a format version this build does not understand.
  case storageUnsupportedVersion(path: String, version: Int)
  /// A file or directory of what the user saved could not be written; the old file was kept.
  case storageWriteFailed(path: String, reason: String)
  /// A change to these saved files was made, but the disk did not confirm it (a directory's
  /// `fsync` failed): it shows now, and a power cut may undo it.
  case storageNotDurable(paths: [String], reason: String)
  /// A change to these saved files is made — recorded in the journal — but could not be
  /// completed; the next `chuck` that can write there completes it, and readers see it made.
  case storageIncomplete(journal: String, paths: [String], reason: String)
  /// A cache file or directory (icons, categories) could not be written.
  case cacheWriteFailed(path: String, reason: String)
  /// The command's output could not be written (a full disk behind `> file`, for example).
  case outputFailed(reason: String)
  /// Another process held the lock of this file (the data folder's, for what the user saved)
  /// for longer than the limit, in seconds.
  case lockTimeout(path: String, seconds: Double)
  /// A record of another machine's sync log cannot be merged (damaged, foreign, or stamped too
  /// far ahead of this machine's clock): why. The other records are merged.
  case syncRecordRefused(String)
  /// `chuck sync` cannot run on this machine yet or with this setup (no sync folder, no key, a
  /// key file that is not private): what to do.
  case syncNotReady(String)
  /// The engine that carries the sync folder (the system's `git`) failed: what it said.
  case syncEngineFailed(String)
  /// libsodium, which seals sync records, could not be loaded: why.
  case libsodiumMissing(String)
  /// The operation was cancelled (for example by Ctrl-C).
  case cancelled
  /// A state that should be impossible; a bug.
  case internalError(String)

  /// A one-line, human message, without the `error:` prefix.
  public var errorDescription: String? {
    switch self {
    case .invalidEnvironment(let variable, let value, let expected):
      return "\(variable)=\(value.debugDescription) is not usable: expected \(expected)"
    case .badConfiguration(let path, let problems):
      let first = problems.first?.message(in: path) ?? path
      return problems.count < 2
        ? first
        : first + " (and \(problems.count - 1) more: chuck config check lists them)"
    case .invalidArgument(let message):
      return message
    case .ambiguousID(let prefix, let candidates):
      return "'\(prefix)' matches \(candidates.count) saved jokes: "
        + candidates.joined(separator: ", ") + "; type more of the id"
    case .jokeNotFound(let id):
      return "no joke with id '\(id)' in your list or on the API"
    case .notFound(let path):
      return "the joke API has nothing at \(path) (HTTP 404)"
    case .nothingToPick(let reason):
      return reason
    case .malformedInput(let path, let line, let reason):
      return "\(path):\(line): \(reason); nothing imported"
    case .noSavedMatch(let prefix):
      return "no saved joke matches '\(prefix)' (see chuck list)"
    case .categoryNotFound(let name):
      return "no jokes in category '\(name)'"
    case .unknownCategory(let name, let known):
      return "no jokes in category '\(name)'; the categories are: "
        + known.joined(separator: ", ")
    case .onlyExcludedJokes(let excluded, let attempts):
      return "the API sent only jokes of "
        + excluded.joined(separator: ", ")
        + " in \(attempts) tries; try again, or exclude fewer categories"
    case .duplicate(let id, let preview):
      return "already in your list: \(id) \u{201C}\(preview)\u{201D}; nothing saved"
    case .alreadyFavorite(let name):
      return "this joke is already a favourite, named '\(name)'; nothing changed"
    case .favoriteNameTaken(let name):
      return "a favourite is already named '\(name)'; choose another name, or remove it first: "
        + "chuck favorite remove \(Self.shellWord(name))"
    case .favoritesFull(let limit):
      return "your favourites are full (\(limit)); remove one first: chuck favorite remove NAME"
    case .noFavorite(let name):
      return "no favourite is named '\(name)' (see chuck favorite list)"
    case .connectionFailed(let reason):
      return "could not reach the joke API: \(reason)"
    case .certificateRejected(let host, let reason):
      return "the certificate of \(host) is not trusted: \(reason)"
    case .proxyRefused(let proxy, let status):
      return "the proxy \(proxy) refused a tunnel to the joke API (HTTP \(status))"
    case .libcurlMissing(let reason):
      return "chuck needs libcurl (libcurl.so.4): install the libcurl4 package (\(reason))"
    case .timedOut(let seconds):
      return "the joke API did not answer within \(Self.seconds(seconds))"
    case .serverError(let status):
      return "the joke API is failing (HTTP \(status)); try again later"
    case .rateLimited:
      return "the joke API says too many requests (HTTP 429); try again later"
    case .unexpectedStatus(let status):
      return "the joke API answered HTTP \(status), which it never should here"
    case .redirected(let location):
      return "the joke API redirected to \(location); redirects are not followed"
    case .badResponse(let reason):
      return "the joke API sent a bad response: \(reason)"
    case .responseTooLarge(let limit):
      return "the joke API sent more than \(limit / 1024) KiB; refused"
    case .storageUnreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .storageCorrupt(let path, let reason):
      return "\(path) is not a valid chuck list (\(reason)); it was left untouched"
    case .storageUnsupportedVersion(let path, let version):
      return "\(path) has format version \(version), which this chuck does not know; "
        + "it was left untouched"
    case .storageWriteFailed(let path, let reason):
      return "cannot write \(path): \(reason); what was saved is unchanged"
    case .storageNotDurable(let paths, let reason):
      return "changed \(Self.list(paths)), but the disk did not confirm it (\(reason)); "
        + "a power cut may undo the change"
    case .storageIncomplete(let journal, let paths, let reason):
      return "the change to \(Self.list(paths)) is made but not complete (\(reason)); "
        + "it is recorded in \(journal), and the next chuck that can write there completes it"
    case .cacheWriteFailed(let path, let reason):
      return "cannot write the cache file \(path): \(reason)"
    case .outputFailed(let reason):
      return "cannot write the output: \(reason)"
    case .lockTimeout(let path, let seconds):
      return "another chuck held \(path) for more than \(Self.seconds(seconds)); gave up"
    case .syncRecordRefused(let reason):
      return "a sync record was refused: \(reason)"
    case .syncNotReady(let reason):
      return "sync is not ready: \(reason)"
    case .syncEngineFailed(let reason):
      return "the sync folder could not be carried: \(reason)"
    case .libsodiumMissing(let reason):
      return
        "chuck sync needs libsodium (libsodium.so.23): install the libsodium23 package (\(reason))"
    case .cancelled:
      return "cancelled"
    case .internalError(let message):
      return "internal error (a bug in chuck): \(message)"
    }
  }

  /// Whether another attempt of the same request may succeed: connection failures, timeouts and
  /// 5xx answers (a proxy's too).
  public var isTransient: Bool {
    switch self {
    case .connectionFailed, .timedOut, .serverError: return true
    case .proxyRefused(_, let status): return status >= 500
    default: return false
    }
  }

  /// A word as a shell reads it back: quoted when it holds more than letters, digits and `-_.`.
  private static func shellWord(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
      }
    return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
  }

  /// Paths as a message lists them: `a`, `a and b`, `a, b and c`.
  private static func list(_ paths: [String]) -> String {
    guard let last = paths.last, paths.count > 1 else { return paths.first ?? "" }
    return paths.dropLast().joined(separator: ", ") + " and " + last
  }

  /// A duration as messages say it: `1 second`, `2 seconds`, `0.5 seconds`.
  static func seconds(_ value: Double) -> String {
    let text = value.rounded() == value ? String(Int(value)) : String(value)
    return value == 1 ? "\(text) second" : "\(text) seconds"
  }
}
