import FoundationEssentials

extension InlineImage {
  /// The inline-image protocols `chuck` speaks.
  public enum Kind: Sendable {
    /// The kitty graphics protocol (PNG only).
    case kitty
    /// iTerm2's inline images (WezTerm speaks it too).
    case iTerm2

    /// The protocol the terminal on stdout announces, if any. Inside tmux no image is sent: it
    /// would need passthrough wrapping that tmux may not allow.
    /// - Parameters:
    ///   - environment: the process's variables.
    ///   - isTerminal: whether stdout is a terminal.
    /// - Returns: the protocol, or `nil` for none.
    public static func announced(in environment: [String: String], isTerminal: Bool) -> Kind? {
      guard isTerminal, environment[EnvironmentVariable.tmux.name] == nil else { return nil }
      let term = environment[EnvironmentVariable.term.name]
      let program = environment[EnvironmentVariable.termProgram.name]
      if term == "xterm-kitty" || environment[EnvironmentVariable.kittyWindowID.name] != nil {
        return .kitty
      }
      if program == "iTerm.app" || program == "WezTerm"
        || environment[EnvironmentVariable.lcTerminal.name] == "iTerm2"
      {
        return .iTerm2
      }
      return nil
    }
  }
}

extension IconStore {
  /// A joke's icon as `chuck show` and the screen's detail show it: downloaded (or found cached)
  /// within `seconds`, then inline in a terminal that speaks a protocol for it, else the cached
  /// file's path; why there is none when it could not be had.
  /// - Parameters:
  ///   - address: the joke's icon URL, as sent.
  ///   - seconds: the most time to wait.
  ///   - inline: the terminal's inline-image protocol, if any.
  /// - Returns: how to show it.
  public func shown(_ address: String, waitingAtMost seconds: Double, inline: InlineImage.Kind?)
    async -> JokeDetailView.Icon
  {
    switch await icon(for: address, waitingAtMost: seconds) {
    case .failure(let error):
      return .unavailable("not downloaded: " + (error.errorDescription ?? "unknown error"))
    case .success(let file):
      let data = Data((try? Self.image(in: file)) ?? [])
      switch inline {
      case .kitty? where ImageKind(of: data) == .png:
        return .inline(InlineImage.kitty(png: data, columns: 8, rows: 4))
      case .iTerm2?:
        return .inline(InlineImage.iTerm2(image: data, columns: 8))
      default:
        return .file(file.path)
      }
    }
  }
}
