import ChuckTestSupport
import Foundation
import Testing

/// The Articles seed's feed through the CLI: `random` brings the whole latest list and saves
/// what is new, `list` and `show` in the source's own dates, and the stored list shown with the
/// error when the service fails.
extension DeclaredSourceTests {
  /// random saves all 8 articles (0600), prints each title and `8 new of 8 …`; again, `0 new`
  /// with the file not even rewritten; a changed list (one new, one gone) saves the new one
  /// alone and removes nothing.
  @Test func feedSavesWhatIsNew() async throws {
    let (api, sandbox) = try await Self.start()
    let file = Self.listFile(sandbox)
    let pool = try Self.pool(on: api)
    #expect(pool.count == 8)
    do {
      let first = try await sandbox.chuck(["random", "--source", "articles"])
      #expect(first.status == 0, "\(first.stderr)")
      #expect(first.stdout.lines == pool.map { $0["title"]?.string ?? "?" })
      #expect(first.stderr == "8 new of 8 in the latest list (8 in your list)\n")
      let items = try sandbox.items(of: file)
      #expect(
        items.map { $0.adding("saved_at", .null) } == pool.map { $0.adding("saved_at", .null) })
      #expect(items.allSatisfy { $0["saved_at"]?.string?.count == 19 })
      #expect(try FileIdentity(path: file.path).permissions == 0o600)
    }
    let bytes = try Data(contentsOf: file)
    let identity = try FileIdentity(path: file.path)
    do {
      let again = try await sandbox.chuck(["random", "--source", "articles"])
      #expect(again.status == 0, "\(again.stderr)")
      #expect(again.stdout == "")
      #expect(again.stderr == "0 new of 8 in the latest list (8 in your list)\n")
      #expect(try Data(contentsOf: file) == bytes)
      #expect(try FileIdentity(path: file.path) == identity)
    }
    do {
      let added = JSON.object([
        "id": .number(9), "title": "A ninth article, new today",
        "description": "Served once the list changed.", "author": "new9@example.com",
        "release_date": "2/29/2024", "image": .null,
      ])
      try await api.setPool((Array(pool.dropFirst()) + [added]).map(\.text), of: "articles")
      let changed = try await sandbox.chuck(["random", "--source", "articles"])
      #expect(changed.status == 0, "\(changed.stderr)")
      #expect(changed.stdout == "A ninth article, new today\n")
      #expect(changed.stderr == "1 new of 8 in the latest list (9 in your list)\n")
      let items = try sandbox.items(of: file)
      #expect(items.count == 9)
      // The saved ones are left as they were, the one gone from the list too.
      #expect(Array(items.prefix(8)) == (try JSON.parse(bytes))["items"]?.elements)
      #expect(items.last?.adding("saved_at", .null) == added.adding("saved_at", .null))
    }
    let asked = try api.requests().map(\.path)
    #expect(asked == Array(repeating: "/articles" + Self.listPath, count: 3))
  }

  /// list: the articles oldest release first (ties in saved order), each its title, the start
  /// of its description and its release date in the source's format (`Wed, Jul 8, '20`), then
  /// its id; `--json` the saved objects in that order. show: the icon (fetched over http from
  /// the source's own origin), `saved_at` and `release_date` in that format, the title, then
  /// the declared fields.
  @Test func listAndShowInTheSourcesOwnDates() async throws {
    let (api, sandbox) = try await Self.start()
    let fetched = try await sandbox.chuck(["random", "--source", "articles"])
    #expect(fetched.status == 0, "\(fetched.stderr)")
    let items = try sandbox.items(of: Self.listFile(sandbox))
    let order = items.enumerated().sorted { left, right in
      let (a, b) = (Self.day(left.element), Self.day(right.element))
      return a == b ? left.offset < right.offset : a < b
    }.map(\.element)
    #expect(order.map { $0["id"]?.idText } == ["7", "6", "1", "3", "2", "5", "4", "8"])
    do {
      let list = try await sandbox.chuck(["list", "--source", "articles"], ["COLUMNS": "200"])
      #expect(list.status == 0, "\(list.stderr)")
      #expect(list.stderr == "")
      let blocks = order.map { item in
        [
          "  " + (item["title"]?.string ?? "?"),
          "  " + MatrixSource.preview(item["description"]?.string ?? "?"),
          "  " + Self.shown(item["release_date"]?.string ?? "?") + "  "
            + (item["id"]?.idText ?? "?"),
        ]
      }
      #expect(list.stdout.lines == ["  Articles", ""] + blocks.joined(separator: [""]))
      #expect(list.stdout.contains("  Wed, Jul 8, '20  2\n"))
      let json = try await sandbox.chuck(["list", "--source", "articles", "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      #expect(try JSON.parse(json.stdout) == .array(order))
    }
    do {
      let show = try await sandbox.chuck(["show", "--source", "articles", "2"], ["COLUMNS": "200"])
      #expect(show.status == 0, "\(show.stderr)")
      #expect(show.stderr == "")
      let item = try #require(items.first { $0["id"]?.idText == "2" })
      let savedAt = try #require(item["saved_at"]?.string)
      var lines = show.stdout.lines
      // The icon row, when the image came within the wait: its file in the cache.
      if lines.count > 1, lines[1].hasPrefix("  icon        ") {
        let path = String(lines.remove(at: 1).dropFirst("  icon        ".count))
        #expect(path.hasPrefix(sandbox.cacheDirectory.path + "/"), "\(path)")
      }
      #expect(
        lines == [
          "  2",
          "  saved_at    " + Self.shown(savedAt, from: "yyyy-MM-dd HH:mm:ss"),
          "  release_date",
          "              Wed, Jul 8, '20",
          "  title       Crème brûlée für Ångström-scale caching, déjà vu 🚀",
          "  Description Ça marche : the café's naïve résumé cache now keeps every accent, even "
            + "in Zoë's œuvre.",
          "  Author      zleclerc1@example.com",
        ])
      let image = try #require(
        try api.requests().first { $0.path.hasPrefix("/articles/images/") })
      #expect(image.path == "/articles/images/250x250.png/cc0000/ffffff")
    }
  }

  /// The service failing (500) on every try: the stored list printed as `list` prints it, then
  /// the error, exit 69, nothing written; `--json` prints the stored list as `list --json`. Once
  /// the fault is over, the next `random` saves what is new.
  @Test func feedFailureShowsTheStoredList() async throws {
    let (api, sandbox) = try await Self.start()
    let file = Self.listFile(sandbox)
    #expect(try await sandbox.chuck(["random", "--source", "articles"]).status == 0)
    let pool = try Self.pool(on: api)
    let added = pool[0].adding("id", .number(9)).adding("title", "The ninth, after the fault")
    try await api.setPool((pool + [added]).map(\.text), of: "articles")
    let wide: [String: String?] = ["COLUMNS": "200", "CHUCK_RETRIES": "1"]
    let listed = try await sandbox.chuck(["list", "--source", "articles"], wide)
    let listedJSON = try await sandbox.chuck(["list", "--source", "articles", "--json"])
    // Two tries (CHUCK_RETRIES=1) of each of two runs.
    try await api.addRules(
      #"{"rules":[{"path":"/articles\#(Self.listPath)","status":500,"times":4}]}"#)
    let bytes = try Data(contentsOf: file)
    let identity = try FileIdentity(path: file.path)
    let before = try api.requestCount()
    do {
      let failed = try await sandbox.chuck(["random", "--source", "articles"], wide)
      #expect(failed.status == 69)
      #expect(failed.stdout == listed.stdout)
      #expect(failed.stdout.contains("  Wed, Jul 8, '20  2\n"))
      #expect(failed.stderr == "error: the joke API is failing (HTTP 500); try again later\n")
      #expect(try api.requestCount() == before + 2)
      let json = try await sandbox.chuck(["random", "--source", "articles", "--json"], wide)
      #expect(json.status == 69)
      #expect(json.stdout == listedJSON.stdout)
      #expect(json.stderr == "error: the joke API is failing (HTTP 500); try again later\n")
      #expect(try api.requestCount() == before + 4)
      #expect(try Data(contentsOf: file) == bytes)
      #expect(try FileIdentity(path: file.path) == identity)
    }
    do {
      let recovered = try await sandbox.chuck(["random", "--source", "articles"], wide)
      #expect(recovered.status == 0, "\(recovered.stderr)")
      #expect(recovered.stdout == "The ninth, after the fault\n")
      #expect(recovered.stderr == "1 new of 9 in the latest list (9 in your list)\n")
      #expect(try sandbox.items(of: file).count == 9)
    }
  }

  /// No network (a port nobody listens on): the stored list, then the error, exit 69; with no
  /// stored list, its empty-list text. Nothing is written.
  @Test func feedWithoutNetworkShowsTheStoredList() async throws {
    let (api, sandbox) = try await Self.start()
    let file = Self.listFile(sandbox)
    #expect(try await sandbox.chuck(["random", "--source", "articles"]).status == 0)
    let wide: [String: String?] = ["COLUMNS": "200"]
    let listed = try await sandbox.chuck(["list", "--source", "articles"], wide)
    let port = try closedPort()
    _ = try sandbox.writeConfigFile(Self.articles(url: "http://127.0.0.1:\(port)/articles"))
    let bytes = try Data(contentsOf: file)
    let before = try api.requestCount()
    let offline = try await sandbox.chuck(["random", "--source", "articles"], wide)
    #expect(offline.status == 69)
    #expect(offline.stdout == listed.stdout)
    #expect(
      offline.stderr
        == "error: could not reach the joke API: connection refused by 127.0.0.1 port \(port)\n")
    #expect(try Data(contentsOf: file) == bytes)
    try FileManager.default.removeItem(at: file)
    let empty = try await sandbox.chuck(["random", "--source", "articles"], wide)
    #expect(empty.status == 69)
    #expect(
      empty.stdout.lines == [
        "  Articles", "",
        "  Your list is empty. Fetch your first joke with: chuck random --source articles",
      ])
    #expect(empty.stderr == offline.stderr)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(try api.requestCount() == before)
  }

  /// `random --json` of a feed: an array of the new items as the service sent them (no
  /// `saved_at`), `[]` when none is new; the count still on stderr.
  @Test func feedJSON() async throws {
    let (api, sandbox) = try await Self.start()
    let first = try await sandbox.chuck(["random", "--source", "articles", "--json"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try JSON.parse(first.stdout) == .array(try Self.pool(on: api)))
    #expect(first.stderr == "8 new of 8 in the latest list (8 in your list)\n")
    let again = try await sandbox.chuck(["random", "--source", "articles", "--json"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == "[]\n")
    #expect(again.stderr == "0 new of 8 in the latest list (8 in your list)\n")
  }

  /// `--category` does not apply to a list fetched whole: 64, in words, before any request.
  @Test func feedRefusesCategory() async throws {
    let (api, sandbox) = try await Self.start()
    let refused = try await sandbox.chuck(["random", "--source", "articles", "--category", "dev"])
    #expect(refused.status == 64)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "error: articles is a list fetched whole: --category does not apply (chuck list "
        + "--source articles shows it)\n")
    #expect(try api.requestCount() == 0)
    #expect(!FileManager.default.fileExists(atPath: Self.listFile(sandbox).path))
  }

  /// An article's release date as a sortable number (`yyyymmdd`).
  static func day(_ item: JSON) -> Int {
    let parts = (item["release_date"]?.string ?? "").split(separator: "/").compactMap { Int($0) }
    guard parts.count == 3 else { return 0 }
    return parts[2] * 10_000 + parts[0] * 100 + parts[1]
  }
}
