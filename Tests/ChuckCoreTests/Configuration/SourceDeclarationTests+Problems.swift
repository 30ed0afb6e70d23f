import Foundation
import Testing

@testable import ChuckCore

/// The problems of a declared source's keys, one test each, every message checked.
extension SourceDeclarationTests {
  /// A source has random or list, not both (said on the later line); items only with list.
  @Test func randomOrList() {
    #expect(
      problems(demo("list", "/all") + "random = \"/one\"\n") == [
        ConfigProblem(
          line: 6, key: "sources.demo.random",
          message: "a source has random or list, not both: random asks for one item, list for "
            + "the whole list (a feed)")
      ])
    #expect(
      problems(demo("items", "/items")) == [
        ConfigProblem(
          line: 6, key: "sources.demo.items",
          message: "items names the array in the answer of list, and this source has no list: "
            + "remove items, or declare the whole list's path as list")
      ])
  }

  /// A path starts with /, holds what a URL may hold as it is, and its own placeholder once.
  @Test(arguments: [
    (
      "random", "jokes/random",
      "\"jokes/random\" does not start with /: a path is added to url, such as \"/jokes/random\""
    ),
    ("list", "", "\"\" does not start with /: a path is added to url, such as \"/articles\""),
    ("list", "/a#b", "\"/a#b\" has a fragment (#…), which a request never sends: remove it"),
    (
      "random", "/a b",
      "\"/a b\" holds \" \", which a URL cannot hold as it is: write it as %20 (a path is "
        + "letters, digits and -._~!$&'()*+,;=:@/?, with %XX for any other byte)"
    ),
    (
      "search", "/café?q={query}",
      "\"/café?q={query}\" holds \"é\", which a URL cannot hold as it is: write it as %C3%A9 (a "
        + "path is letters, digits and -._~!$&'()*+,;=:@/?, with %XX for any other byte)"
    ),
    (
      "random", "/a\tb",
      "\"/a\\tb\" holds \"\\t\", which a URL cannot hold as it is: write it as %09 (a path is "
        + "letters, digits and -._~!$&'()*+,;=:@/?, with %XX for any other byte)"
    ),
    (
      "random", "/a%2",
      "\"/a%2\" has a % without two hex digits after it: write a % itself as %25"
    ),
    (
      "by-id", "/a%zz/{id}",
      "\"/a%zz/{id}\" has a % without two hex digits after it: write a % itself as %25"
    ),
    (
      "random", "/jokes/{id}",
      "\"/jokes/{id}\" has {id}, which random does not fill in: only by-id does"
    ),
    (
      "by-id", "/jokes/{query}",
      "\"/jokes/{query}\" has {query}, which by-id does not fill in: only search does"
    ),
    (
      "by-id", "/jokes/{ID}",
      "\"/jokes/{ID}\" has {ID}, which is not a placeholder: by-id has {id} and search {query}, "
        + "and a path has no other braces (write %7B and %7D)"
    ),
    (
      "search", "/s?q={query",
      "\"/s?q={query\" has a brace that is not part of a placeholder: by-id has {id} and search "
        + "{query}, and a path has no other braces (write %7B and %7D)"
    ),
    (
      "list", "/a}",
      "\"/a}\" has a brace that is not part of a placeholder: by-id has {id} and search {query}, "
        + "and a path has no other braces (write %7B and %7D)"
    ),
    (
      "by-id", "/jokes",
      "\"/jokes\" has no {id}: by-id says where it goes, such as \"/jokes/{id}\""
    ),
    (
      "search", "/search",
      "\"/search\" has no {query}: search says where it goes, such as \"/search?q={query}\""
    ),
    ("by-id", "/{id}/{id}", "\"/{id}/{id}\" has {id} 2 times: write it once"),
  ])
  func badPaths(key: String, path: String, message: String) {
    let line = key == "random" || key == "list" ? 5 : 6
    #expect(
      problems(demo(key, path)) == [
        ConfigProblem(line: line, key: "sources.demo.\(key)", message: message)
      ])
  }

  /// Paths that are good as they are: escapes, sub-delimiters, a query, the placeholders.
  @Test func goodPaths() {
    let (declarations, problems) = read(
      demo("by-id", "/a%20b/~user/(x)*+,;=:@!$&'/{id}?fields=all")
        + "search = \"/s/{query}?q=1\"\n")
    #expect(problems == [])
    #expect(declarations.first?.byIDPath == "/a%20b/~user/(x)*+,;=:@!$&'/{id}?fields=all")
    #expect(declarations.first?.searchPath == "/s/{query}?q=1")
  }

  /// A pointer that does not parse is refused, naming its key, in every key that holds one.
  @Test(arguments: ["id", "text", "items", "date", "categories", "image"])
  func badPointers(key: String) {
    var text = demo(key, "x~2")
    var line = 6
    switch key {
    case "id", "text":
      text = text.replacingOccurrences(
        of: "\(key) = \"/\(key == "id" ? "id" : "joke")\"\n", with: "")
      line = 5
    case "items":
      text = text.replacingOccurrences(of: "random = ", with: "list = ")
    case "date":
      text += "date-parse = \"%Y-%m-%d\"\n"
    default:
      break
    }
    #expect(
      problems(text) == [
        ConfigProblem(
          line: line, key: "sources.demo.\(key)",
          message: "\"x~2\" is not a JSON pointer: a pointer starts with /, as in /joke or "
            + "/items/0/title (\"\" is the whole answer)")
      ])
    #expect(
      problems(text.replacingOccurrences(of: "\"x~2\"", with: "\"/x~2\"")) == [
        ConfigProblem(
          line: line, key: "sources.demo.\(key)",
          message: "\"/x~2\" is not a JSON pointer: \"~2\" is not an escape; in a pointer, ~ is "
            + "written ~0 and a / inside a name ~1, as in /a~1b for the member \"a/b\" (a "
            + "pointer is like /joke or /items/0/title)")
      ])
  }

  /// The text is `text`, or `setup` and `punchline`: not both forms, and not half of one.
  @Test func textForms() {
    #expect(
      problems(demo("setup", "/setup") + "punchline = \"/punchline\"\n") == [
        ConfigProblem(
          line: 7, key: "sources.demo.punchline",
          message: "a source has text, or setup and punchline, not both: text for one-part "
            + "jokes, setup and punchline for two-part jokes")
      ])
    let twoPart = { (key: String) in
      self.demo(key, "/\(key)").replacingOccurrences(of: "text = \"/joke\"\n", with: "")
    }
    #expect(
      problems(twoPart("setup")) == [
        ConfigProblem(
          line: 5, key: "sources.demo.setup",
          message: "setup needs punchline, where a two-part joke's punchline is, such as "
            + "punchline = \"/punchline\"")
      ])
    #expect(
      problems(twoPart("punchline")) == [
        ConfigProblem(
          line: 5, key: "sources.demo.punchline",
          message: "punchline needs setup, where a two-part joke's setup is, such as setup = "
            + "\"/setup\"")
      ])
    #expect(
      problems(twoPart("setup") + "punchline = \"punchline\"\n") == [
        ConfigProblem(
          line: 6, key: "sources.demo.punchline",
          message: "\"punchline\" is not a JSON pointer: a pointer starts with /, as in /joke or "
            + "/items/0/title (\"\" is the whole answer)")
      ])
  }

  /// `date` needs `date-parse`; `date-parse` and `date-format` need `date`; both patterns are
  /// checked.
  @Test func dateKeys() {
    let fields = "%Y %y %m %-m %b %B %d %-d %e %H %-H %M %S %a %A %%"
    #expect(
      problems(demo("date", "/date")) == [
        ConfigProblem(
          line: 6, key: "sources.demo.date",
          message: "date needs date-parse, how the service writes its dates, such as date-parse = "
            + "\"%m/%d/%Y\" (the fields are \(fields))")
      ])
    #expect(
      problems(demo("date-parse", "%Y") + "date-format = \"%Y\"\n") == [
        ConfigProblem(
          line: 6, key: "sources.demo.date-parse",
          message: "the date pattern does not read the month and the day: a date needs the year "
            + "(%Y or %y), the month (%m, %-m or %b) and the day (%d, %-d or %e): the fields are "
            + fields),
        ConfigProblem(
          line: 6, key: "sources.demo.date-parse",
          message: "date-parse says how dates are written, and this source has no date: add "
            + "date, where an item's date is (such as date = \"/release_date\"), or remove "
            + "date-parse"),
        ConfigProblem(
          line: 7, key: "sources.demo.date-format",
          message: "date-format says how dates are shown, and this source has no date: add date "
            + "and date-parse, or remove date-format"),
      ])
    #expect(
      problems(demo("date", "/date") + "date-parse = \"%Y-%m-%d\"\ndate-format = \"%Q\"\n") == [
        ConfigProblem(
          line: 8, key: "sources.demo.date-format",
          message: "'%Q' is not a date field: the fields are " + DateFormat.fieldList)
      ])
  }

  /// A title or label is one line of text of at most 40 characters, not empty.
  @Test func titleAndLabel() {
    #expect(
      problems(demo("title", " ") + "label = \"Tab\\u001B[31m\"\n") == [
        ConfigProblem(
          line: 6, key: "sources.demo.title",
          message: "the title is empty: write it, such as \"Articles\", or remove the line for "
            + "the default"),
        ConfigProblem(
          line: 7, key: "sources.demo.label",
          message: "the label holds a control character (U+001B), which a terminal would act "
            + "on: it is one line of text"),
      ])
    #expect(
      problems(demo("title", String(repeating: "é", count: 41))) == [
        ConfigProblem(
          line: 6, key: "sources.demo.title",
          message: "the title is longer than 40 characters (41)")
      ])
    #expect(read(demo("title", String(repeating: "é", count: 40))).problems == [])
  }

  /// A name is 1 to 20 of a-z, 0-9 and -, and never a built-in source's or `all`.
  @Test(arguments: [
    ("Articles", "\"Articles\" is not a source name: "),
    ("my_jokes", "\"my_jokes\" is not a source name: "),
    (
      "abcdefghijklmnopqrstu",
      "\"abcdefghijklmnopqrstu\" is too long for a source name (21 characters): "
    ),
    (
      "dad",
      "\"dad\" is a built-in source's name: a declared source needs a name of its own, not chuck, "
        + "dad, official, switter, jokeapi, mine or all"
    ),
    (
      "all",
      "\"all\" is a built-in source's name: a declared source needs a name of its own, not chuck, "
        + "dad, official, switter, jokeapi, mine or all"
    ),
  ])
  func badNames(name: String, message: String) {
    let allowed = "a name is 1 to 20 lower-case letters (a-z), digits and -, such as articles"
    let text = demo("title", "T").replacingOccurrences(of: "sources.demo", with: "sources.\(name)")
    #expect(
      problems(text) == [
        ConfigProblem(
          line: 1, key: "sources.\(name)",
          message: message.hasSuffix(": ") ? message + allowed : message)
      ])
  }

  /// The longest name, and digits alone, are names.
  @Test func goodNames() {
    for name in ["abcdefghijklmnopqrst", "0", "a-1"] {
      let text = demo("title", "T").replacingOccurrences(
        of: "sources.demo", with: "sources.\(name)")
      #expect(read(text).declarations.map(\.name) == [name])
    }
  }
}
