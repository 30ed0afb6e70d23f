import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The screen's `o`: `$BROWSER`'s commands in turn, `%s` standing for the link, else the link
/// last; then `xdg-open`. Only http and https links, never through a shell.
@Suite struct LinkOpenerTests {
  let link = "https://api.chucknorris.io/jokes/abc"

  @Test func commandsFromBrowser() {
    #expect(LinkOpener.commands(for: link, environment: [:]) == [["xdg-open", link]])
    #expect(
      LinkOpener.commands(for: link, environment: ["BROWSER": "w3m -o x:lynx %s::"]) == [
        ["w3m", "-o", "x", link], ["lynx", link], ["xdg-open", link],
      ])
  }

  @Test func opensWithTheFirstThatRuns() {
    let absent = "chuck-no-such-browser-\(getpid())"
    #expect(
      LinkOpener.open(link, environment: ["BROWSER": "\(absent):true"]) == .success("true"))
    #expect(
      LinkOpener.open(link, environment: ["BROWSER": "false"])
        == .failure(.invalidArgument("false exited with status 1")))
  }

  @Test func refusesOtherLinks() {
    for bad in ["file:///etc/passwd", "javascript:alert(1)", "https://a b", "http://x\u{7F}"] {
      guard case .failure(.invalidArgument(let message)) = LinkOpener.open(bad, environment: [:])
      else {
        Issue.record("\(bad) was not refused")
        continue
      }
      #expect(message.contains("only http and https links are opened"))
    }
  }
}
