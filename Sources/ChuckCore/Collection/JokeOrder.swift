/// The order `chuck` shows jokes in: oldest first by `created_at`; equal timestamps keep the order
/// in which the jokes were saved (or received). The one rule that the list, search results and
/// the saved file's fast path all use.
public enum JokeOrder {
  /// The positions `0..<count`, oldest first.
  /// - Parameters:
  ///   - count: how many jokes.
  ///   - created: the `created_at` of the joke at a position, in microseconds.
  /// - Returns: the positions in the order to show.
  public static func oldestFirst(count: Int, created: (Int) -> Int64) -> [Int] {
    (0..<count).sorted {
      let (left, right) = (created($0), created($1))
      return left != right ? left < right : $0 < $1
    }
  }

  /// Jokes oldest first.
  /// - Parameter jokes: jokes in the order they were saved or received.
  /// - Returns: the jokes by `created_at`, ties in their original order.
  public static func oldestFirst(_ jokes: [ChuckJoke]) -> [ChuckJoke] {
    oldestFirst(count: jokes.count) { jokes[$0].created.microseconds }.map { jokes[$0] }
  }
}
