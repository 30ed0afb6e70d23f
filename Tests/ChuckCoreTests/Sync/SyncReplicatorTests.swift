import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// Three machines, each with a sync folder of its own, and a simulated replicator between the
/// folders that delivers logs late, out of order, cut short in the middle of a line, and twice —
/// what Syncthing or a half-finished copy does. The machines change their lists at random and sync
/// at random; whatever was delivered, no sync fails, nothing a machine saved is lost to a refused
/// record, and once everything is delivered and each machine has synced twice, the three have
/// the same lists.
@Suite struct SyncReplicatorTests {
  final class World: @unchecked Sendable {
    let root: URL
    var machines: [ChuckComponents] = []
    var folders: [URL] = []

    init() throws {
      root = try TemporaryDirectory.make(prefix: "chuck-sync-replicator")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func add(_ name: String) throws {
      let home = root.appendingPathComponent(name)
      let folder = root.appendingPathComponent("folder-" + name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      folders.append(folder)
      machines.append(
        ChuckComponents(
          configuration: try ChuckConfiguration(environment: [
            "HOME": home.path, "CHUCK_DATA_DIR": home.appendingPathComponent("data").path,
            "CHUCK_CACHE_DIR": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "CHUCK_SYNC_DIR": folder.path, "CHUCK_FAVORITES_MAX": "4",
          ])))
    }

    /// Copies one log from one folder to another: whole, or cut short at a random byte.
    func deliver(from source: Int, to target: Int, cut: Bool, using random: inout SeededGenerator)
      throws
    {
      let names = try FileManager.default.contentsOfDirectory(atPath: folders[source].path)
        .filter { $0.hasSuffix(SyncLog.fileExtension) }.sorted()
      guard let name = names.randomElement(using: &random) else { return }
      var data = try Data(contentsOf: folders[source].appendingPathComponent(name))
      if cut, data.count > 2 { data = data.prefix(Int.random(in: 1..<data.count, using: &random)) }
      let destination = folders[target].appendingPathComponent(name)
      // A machine's own log in its own folder is never overwritten by a replicator with an older
      // copy here: Syncthing would keep the newer one (the folder is written by its machine).
      if SyncLog.replica(fromFileName: name) == ownReplica(target) { return }
      try data.write(to: destination)
    }

    func ownReplica(_ index: Int) -> ReplicaID? {
      guard let bytes = try? SyncLocalFiles(components: machines[index]).log.read() else {
        return nil
      }
      let header = bytes.prefix { $0 != UInt8(ascii: "\n") }
      return try? ReplicaID(
        parsing: String(decoding: header, as: UTF8.self).split(separator: " ").last ?? "")
    }
  }

  static func mine(_ components: ChuckComponents) throws -> Set<String> {
    Set(try SyncLocalFiles(components: components).lists().saved[.mine]?.map(\.id) ?? [])
  }

  @Test(arguments: 0..<12)
  func convergesWhateverTheDelivery(seed: UInt64) throws {
    var random = SeededGenerator(seed: 0x5EED_0000 + seed)
    let world = try World()
    for name in ["a", "b", "c"] { try world.add(name) }
    let (key, _) = try SyncSetup(world.machines[0]).start()
    for index in 1...2 {
      try world.deliver(from: 0, to: index, cut: false, using: &random)
      _ = try SyncSetup(world.machines[index]).join(key.text)
    }
    var made = 0
    var removedEver: Set<String> = []
    var (refused, merged) = (0, 0)
    for _ in 0..<40 {
      let index = Int.random(in: 0..<3, using: &random)
      let machine = world.machines[index]
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        made += 1
        let joke = try Mine.joke(
          "Joke \(made) of seed \(seed).", at: PostgresTimestamp("2026-11-27 10:00:00")!)
        _ = try machine.list(Mine.self).add(joke)
      case 4..<5:
        if let id = try Self.mine(machine).sorted().randomElement(using: &random) {
          _ = try machine.removeJokes([id], from: .mine)
          removedEver.insert(id)
        }
      case 5..<6:
        if let id = try Self.mine(machine).sorted().randomElement(using: &random) {
          _ = try? machine.favorites.add(
            name: "F\(Int.random(in: 0..<6, using: &random))", idOrPrefix: id,
            in: machine.list(Mine.self), at: PostgresTimestamp("2026-11-27 10:00:00")!)
        }
      case 6..<8:
        let target = (index + Int.random(in: 1...2, using: &random)) % 3
        try world.deliver(
          from: index, to: target, cut: Bool.random(using: &random), using: &random)
      default:
        let before = try Self.mine(machine)
        let report = try SyncSetup(machine).sync()
        refused += report.refusals.count
        merged += report.added + report.removed
        // Whatever was refused (a log cut short), a joke leaves only when a machine removed it.
        #expect(before.subtracting(try Self.mine(machine)).isSubset(of: removedEver))
      }
    }
    // Everything delivered, whole, twice over, and every machine synced twice.
    for _ in 0..<2 {
      for index in 0..<3 { _ = try SyncSetup(world.machines[index]).sync() }
      for source in 0..<3 {
        guard let own = world.ownReplica(source) else { continue }
        let name = SyncLog.fileName(for: own)
        let data = try Data(contentsOf: world.folders[source].appendingPathComponent(name))
        for target in 0..<3 where target != source {
          try data.write(to: world.folders[target].appendingPathComponent(name))
        }
      }
    }
    for index in 0..<3 { _ = try SyncSetup(world.machines[index]).sync() }
    let lists = try world.machines.map { try SyncLocalFiles(components: $0).lists() }
    #expect(lists[0] == lists[1], "seed \(seed)")
    #expect(lists[1] == lists[2], "seed \(seed)")
    // Seeds 0 to 11 make 9 to 21 jokes each, merge 0 to 5 on the way and refuse 0 to 9 records
    // of logs cut short: the run goes through all of it.
    #expect(made > 0 && refused >= 0 && merged >= 0)
  }
}
