import Testing

@testable import ChuckCore

/// Three replicas change their lists at random and read each other's logs with delays, repeats,
/// copies and out of order; at the end all have read everything. Every case is one seed of
/// ``SplitMix64``, printed when it fails, so that a failure can be run again.
@Suite struct SyncFoldPropertyTests {
  private static let cases: UInt64 = 300
  private static let limit = 3
  private static let ids = ["abcd1", "abcd2", "abcd3", "abcd4", "abcd5"]
  private static let names = ["Bike", "bike", "Kids", "Zed", "ünï"]
  private static let sources: [JokeSource] = [.dad, .mine]

  /// One simulated run: each replica's own log, and what each has read, in the order read.
  private struct Run {
    var generator: SplitMix64
    var replicas: [SyncReplica]
    var wallClocks: [UInt64]
    var logs: [[SyncRecord]] = [[], [], []]
    var read: [[SyncRecord]] = [[], [], []]
    var inFlight: [(to: Int, record: SyncRecord)] = []
    /// The latest stamp each replica has made or taken in, to check its clock.
    var latest: [HybridTimestamp] = Array(repeating: .zero, count: 3)
    var problems: [String] = []

    init(seed: UInt64) {
      generator = SplitMix64(seed: seed)
      replicas = []
      wallClocks = []
      for _ in 0..<3 {
        replicas.append(SyncReplica(id: ReplicaID(using: &generator)))
        // Clocks up to two seconds apart.
        wallClocks.append(1_700_000_000_000 + UInt64.random(in: 0...2000, using: &generator))
      }
    }

    mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
    mutating func chance(_ percent: Int) -> Bool {
      Int.random(in: 0..<100, using: &generator) < percent
    }

    mutating func randomOperation() -> SyncOperation {
      let source = pick(SyncFoldPropertyTests.sources)
      let id = pick(SyncFoldPropertyTests.ids)
      let name = pick(SyncFoldPropertyTests.names)
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<35:
        let text = "v\(Int.random(in: 0..<3, using: &generator))"
        return .jokeSaved(
          source: source, joke: SyncSamples.joke(id, text),
          reason: pick([.saved, .added, .imported]))
      case 35..<50: return .jokeRemoved(source: source, id: id)
      case 50..<75:
        return .favoriteAdded(name: name, source: source, id: id, addedAt: SyncSamples.addedAt)
      case 75..<90:
        return .favoriteRenamed(
          name: name, newName: pick(SyncFoldPropertyTests.names), source: source, id: id)
      case 90..<97: return .favoriteRemoved(name: name, source: source, id: id)
      default: return .unknown(kind: "joke-rated")
      }
    }

    /// A replica makes a change; its wall clock moves on, or now and then back.
    mutating func change(_ replica: Int) {
      if chance(10) {
        wallClocks[replica] -= UInt64.random(in: 0...3000, using: &generator)
      } else {
        wallClocks[replica] += UInt64.random(in: 0...40, using: &generator)
      }
      let record = replicas[replica].record(randomOperation(), now: wallClocks[replica])
      if record.clock <= latest[replica] {
        problems.append("replica \(replica)'s clock went back to \(record.clock)")
      }
      latest[replica] = record.clock
      logs[replica].append(record)
      read[replica].append(record)
    }

    /// A few records of one replica's log, any of them, set off to another, some twice.
    mutating func send() {
      let from = Int.random(in: 0..<3, using: &generator)
      let to = (from + Int.random(in: 1...2, using: &generator)) % 3
      guard !logs[from].isEmpty else { return }
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        let record = pick(logs[from])
        inFlight.append((to, record))
        if chance(20) { inFlight.append((to, record)) }
      }
    }

    /// Some records in flight arrive, in random order; the others wait.
    mutating func deliver() {
      inFlight.shuffle(using: &generator)
      var waiting: [(to: Int, record: SyncRecord)] = []
      for delivery in inFlight {
        if chance(50) { arrive(delivery.record, at: delivery.to) } else { waiting.append(delivery) }
      }
      inFlight = waiting
    }

    mutating func arrive(_ record: SyncRecord, at replica: Int) {
      read[replica].append(record)
      replicas[replica].receive([record], now: wallClocks[replica])
      latest[replica] = max(latest[replica], record.clock)
    }

    /// Every record reaches every replica, in random order, some more than once.
    mutating func finish() {
      for replica in 0..<3 {
        var all = Array(logs.joined())
        all += all.filter { _ in chance(10) }
        all.shuffle(using: &generator)
        for record in all { arrive(record, at: replica) }
      }
    }
  }

  /// Any order of merging gives the same lists on every machine: after any interleaving of
  /// changes and deliveries, each replica's merge of what it read equals the merge of all the
  /// records, and that merge keeps every rule.
  @Test func everyReplicaMergesTheSame() {
    let fold = SyncFold(favoritesLimit: Self.limit)
    var checked = 0
    for seed in 1...Self.cases {
      var run = Run(seed: seed)
      let steps = Int.random(in: 10...60, using: &run.generator)
      for _ in 0..<steps {
        switch Int.random(in: 0..<100, using: &run.generator) {
        case 0..<60:
          let replica = Int.random(in: 0..<3, using: &run.generator)
          run.change(replica)
        case 60..<85: run.send()
        default: run.deliver()
        }
      }
      let now = run.wallClocks.max()! + 1
      // Partway, a replica's merge does not depend on copies or arrival order either.
      let partial = run.read[0]
      let partialResult = fold.fold(partial, now: now)
      run.finish()
      let union = Array(Set(run.logs.joined())).sorted(by: SyncRecord.inMergeOrder)
      let expected = fold.fold(union, now: now)
      var failures = run.problems
      if fold.fold(partial.shuffled(using: &run.generator) + partial, now: now) != partialResult {
        failures.append("a partial merge depends on the order records were read in")
      }
      for replica in 0..<3 where fold.fold(run.read[replica], now: now) != expected {
        failures.append("replica \(replica) merged differently from the union")
      }
      failures += Self.ruleProblems(expected, union)
      guard failures.isEmpty else {
        Issue.record("seed \(seed): \(failures.joined(separator: "; "))")
        return
      }
      checked += union.count
    }
    #expect(checked > Int(Self.cases) * 10)
  }

  /// What is wrong with a merge of `records` (in merge order), by rules checked independently of
  /// how the merge applies them.
  private static func ruleProblems(_ result: SyncFold.Result, _ records: [SyncRecord])
    -> [String]
  {
    var problems: [String] = []
    // Saved jokes: the later of save and remove wins; a joke's item and place are those of the
    // first save after its last remove.
    var lastWord: [String: SyncRecord] = [:]
    var firstSaveAfterRemove: [String: SyncRecord] = [:]
    for record in records {
      switch record.operation {
      case .jokeSaved(let source, let joke, _):
        let key = "\(source.name)/\(joke.id)"
        lastWord[key] = record
        if firstSaveAfterRemove[key] == nil { firstSaveAfterRemove[key] = record }
      case .jokeRemoved(let source, let id):
        lastWord["\(source.name)/\(id)"] = record
        firstSaveAfterRemove["\(source.name)/\(id)"] = nil
      default: break
      }
    }
    var expectedSaved: [JokeSource: [(SyncRecord, StoredJoke)]] = [:]
    for (key, record) in lastWord {
      guard case .jokeSaved(let source, _, _) = record.operation,
        let first = firstSaveAfterRemove[key], case .jokeSaved(_, let joke, _) = first.operation
      else { continue }
      expectedSaved[source, default: []].append((first, joke))
    }
    for source in sources {
      let expected = (expectedSaved[source] ?? []).sorted { SyncRecord.inMergeOrder($0.0, $1.0) }
      if expected.map(\.1) != (result.lists.saved[source] ?? []) {
        problems.append("\(source.name)'s list is not the latest of saves and removes")
      }
    }
    // Favourites: their jokes saved, names unique case-insensitively, a joke once, the limit.
    let favorites = result.lists.favorites
    for favorite in favorites
    where !(result.lists.saved[favorite.source] ?? []).contains(where: { $0.id == favorite.id }) {
      problems.append("favourite '\(favorite.name)' outlives its joke")
    }
    if Set(favorites.map { $0.name.lowercased() }).count != favorites.count {
      problems.append("two favourites share a name")
    }
    if Set(favorites.map { "\($0.source.name)/\($0.id)" }).count != favorites.count {
      problems.append("a joke is a favourite twice")
    }
    if favorites.count > limit { problems.append("more favourites than the limit") }
    if favorites != favorites.sorted(by: Favorite.inNameOrder) {
      problems.append("favourites out of name order")
    }
    return problems
  }

  /// The clock under a wall clock that jumps back: every replica's stamps only ever grow, and a
  /// change made after reading a record is stamped after it (checked in every run above); here
  /// the same for one long run.
  @Test func clocksOnlyGrowInALongRun() {
    var run = Run(seed: 0xC10C)
    for _ in 0..<2000 {
      switch Int.random(in: 0..<100, using: &run.generator) {
      case 0..<60:
        let replica = Int.random(in: 0..<3, using: &run.generator)
        run.change(replica)
      case 60..<80: run.send()
      default: run.deliver()
      }
    }
    #expect(run.problems.isEmpty, "\(run.problems.prefix(3))")
    for log in run.logs {
      #expect(zip(log, log.dropFirst()).allSatisfy { $0.clock < $1.clock })
      #expect(log.map(\.sequence) == (0..<UInt64(log.count)).map { $0 + 1 })
    }
  }
}
