import FoundationEssentials

/// api.chucknorris.io's answers, through the one client (`ServiceClient<ChuckNorris>`) over a
/// transport that answers with the input: a joke (random, by id), a search page, the categories.
/// Each call gives a value or `badResponse`, and a joke it accepts is one the list reader reads
/// back as it was.
enum ChuckAnswerTarget {
  static func run(_ bytes: [UInt8]) {
    let api = ServiceClient<ChuckNorris>(
      baseURL: URL(string: "https://api.chucknorris.io")!, transport: answering(bytes),
      policy: RetryPolicy(retries: 0),
      deviceID: { () throws(ChuckError) -> String in
        FuzzCheck.require(false, "a Chuck Norris request asked for a device id")
        return "fuzz-device"
      },
      // Never written: the target asks for the names now, never the cached ones.
      catalogFile: URL(fileURLWithPath: "/dev/null/categories.json"))
    let outcome = runBlocking { () async -> [Result<[ChuckJoke], ChuckError>] in
      var results: [Result<[ChuckJoke], ChuckError>] = []
      do throws(ChuckError) {
        results.append(.success([try await api.randomJoke(category: nil)]))
      } catch {
        results.append(.failure(error))
      }
      do throws(ChuckError) {
        results.append(.success(try await api.search("fuzz")))
      } catch {
        results.append(.failure(error))
      }
      return results
    }
    for result in outcome {
      switch result {
      case .success(let jokes): checkSavable(jokes)
      case .failure(let error): requireBadResponse(error)
      }
    }
    let categories = runBlocking { () async -> Result<[String], ChuckError> in
      do throws(ChuckError) {
        return .success(try await api.categoryNames())
      } catch {
        return .failure(error)
      }
    }
    switch categories {
    case .success(let names):
      // The categories cache is a list of strings; it reads back as it was written.
      let raw = savedList(names.compactMap(storeEncoded))
      FuzzCheck.require(
        (try? raw.decode(String.self, path: "categories")) == names,
        "the categories cache does not read back")
    case .failure(let error): requireBadResponse(error)
    }
  }

  static func requireBadResponse(_ error: ChuckError) {
    guard case .badResponse = error else {
      return FuzzCheck.require(false, "an answer gave \(error), not badResponse")
    }
  }

  /// Saving accepted jokes makes a list that the list reader accepts, with the same jokes.
  private static func checkSavable(_ jokes: [ChuckJoke]) {
    let items = jokes.map { joke in
      guard let bytes = storeEncoded(joke) else {
        FuzzCheck.require(false, "an accepted joke does not encode")
        return [UInt8]()
      }
      return bytes
    }
    let raw = savedList(items)
    let saved: ChuckNorrisIndex
    do throws(ChuckError) {
      saved = try ChuckNorrisIndex(raw, path: "jokes.json")
    } catch {
      return FuzzCheck.require(false, "accepted jokes make a list the reader refuses: \(error)")
    }
    for (position, joke) in jokes.enumerated() {
      FuzzCheck.require(saved.id(at: position) == joke.id, "a saved id reads back otherwise")
      FuzzCheck.require(
        (try? saved.joke(at: position)) == joke, "a saved joke does not read back as it was")
    }
  }
}
