import ChuckCore

extension ChuckError {
  /// The exit status of the spec for each failure (sysexits.h where one fits).
  var exitStatus: Int32 {
    switch self {
    case .duplicate, .alreadyFavorite, .favoriteNameTaken, .favoritesFull: return 1
    case .invalidEnvironment, .invalidArgument, .ambiguousID: return 64
    case .jokeNotFound, .notFound, .noSavedMatch, .nothingToPick, .noFavorite, .categoryNotFound,
      .unknownCategory,
      .onlyExcludedJokes:
      return 66
    case .connectionFailed, .certificateRejected, .proxyRefused, .libcurlMissing,
      .libsodiumMissing, .timedOut, .serverError, .rateLimited, .syncEngineFailed:
      return 69
    case .malformedInput, .syncRecordRefused: return 65
    case .internalError: return 70
    case .storageUnreadable, .storageCorrupt, .storageUnsupportedVersion, .storageWriteFailed,
      .storageNotDurable, .storageIncomplete, .cacheWriteFailed, .outputFailed, .lockTimeout:
      return 74
    case .unexpectedStatus, .redirected, .badResponse, .responseTooLarge: return 76
    case .badConfiguration, .syncNotReady: return 78
    case .cancelled: return 130
    }
  }
}
