import FoundationEssentials

/// The other services' answers, through the one client (`ServiceClient`) over a transport that
/// answers with the input: a random joke of icanhazdadjoke, the Official Joke API, Switter and
/// JokeAPI, and the search answers of dad and JokeAPI. Each call gives jokes or `badResponse` (or, for an answer
/// the kind reads as "no joke", not found), and jokes it accepts are ones the list reader reads
/// back as they were.
enum ServiceAnswerTarget {
  static func run(_ bytes: [UInt8]) {
    check(ICanHazDadJoke.self, bytes, search: true)
    check(OfficialJokeAPI.self, bytes, search: false)
    check(Switter.self, bytes, search: false)
    check(JokeAPI.self, bytes, search: true)
  }

  private static func check<Shape: JokeShape>(_: Shape.Type, _ bytes: [UInt8], search: Bool) {
    let api = ServiceClient<Shape>(
      baseURL: URL(string: "https://service.example")!, transport: answering(bytes),
      policy: RetryPolicy(retries: 0), deviceID: { () throws(ChuckError) in "fuzz-device" },
      now: { PostgresTimestamp("2024-02-29 23:59:59")! },
      // Never written: the target asks for no categories.
      catalogFile: URL(fileURLWithPath: "/dev/null/\(Shape.name)-categories.json"))
    let results = runBlocking { () async -> [Result<[ServiceJoke<Shape>], ChuckError>] in
      var results: [Result<[ServiceJoke<Shape>], ChuckError>] = []
      do throws(ChuckError) {
        results.append(.success([try await api.randomJoke()]))
      } catch {
        results.append(.failure(error))
      }
      guard search else { return results }
      do throws(ChuckError) {
        results.append(.success(try await api.search("fuzz")))
      } catch {
        results.append(.failure(error))
      }
      return results
    }
    for result in results {
      switch result {
      case .success(let jokes):
        for joke in jokes {
          FuzzCheck.require(JokeID.isAcceptable(joke.id), "an unacceptable id: \(joke.id)")
        }
        let items = jokes.compactMap(storeEncoded)
        FuzzCheck.require(items.count == jokes.count, "an accepted joke does not encode")
        let raw = savedList(items)
        do throws(ChuckError) {
          let back = try raw.decode(ServiceJoke<Shape>.self, path: "\(Shape.source).json")
          FuzzCheck.require(back == jokes, "saved \(Shape.source) jokes read back otherwise")
        } catch {
          FuzzCheck.require(false, "saved \(Shape.source) jokes do not read back: \(error)")
        }
      case .failure(.notFound):
        // Only an answer the kind reads as "no joke" (JokeAPI's error object) is not found.
        let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(bytes))
        FuzzCheck.require(
          object.map(Shape.isNoJoke) == true, "not found for an answer that is a joke or junk")
      case .failure(let error):
        ChuckAnswerTarget.requireBadResponse(error)
      }
    }
  }
}
