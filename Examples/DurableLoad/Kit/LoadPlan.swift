/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// plan, kill moments and bench on every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One send of the plan: an event to an instance, with its idempotency key.
public struct LoadSend: Sendable, Hashable {
    /// The instance's index (its id is ``LoadPlan/instanceID(_:)``).
    public var instance: Int
    /// The event.
    public var event: LoadEvent
    /// The idempotency key; a repeat carries the key of the entry it repeats.
    public var key: String
    /// Whether this entry repeats an earlier one.
    public var isRepeat: Bool
}

/// The load test's work, all of it derived from a seed: the instances and the list of sends.
///
/// About a fifth of the list repeats an earlier entry (same instance, event and key), and new
/// entries often go to the instance of the entry before, so that an instance gets several events
/// at once from different workers, close enough to cancel each other's timers.
public struct LoadPlan: Sendable {
    /// How many instances.
    public let instances: Int
    /// The sends, in list order.
    public let sends: [LoadSend]
    /// What every instance id of the plan starts with.
    public let prefix: String

    /// The plan of `events` sends over `instances` instances (ids starting with `prefix`), from `seed`.
    public init(seed: UInt64, instances: Int, events: Int, prefix: String = "") {
        self.instances = max(1, instances)
        self.prefix = prefix
        var random = SeededGenerator(seed: seed)
        let totalWeight = LoadEvent.sent.reduce(0) { $0 + $1.weight }
        var sends: [LoadSend] = []
        sends.reserveCapacity(max(0, events))
        var lastInstance = 0
        for index in 0..<max(0, events) {
            if index > 0, Int.random(in: 0..<5, using: &random) == 0 {
                // A repeat of a recent entry, so that it may race the original.
                var again = sends[Int.random(in: max(0, index - 200)..<index, using: &random)]
                again.isRepeat = true
                sends.append(again)
                continue
            }
            let instance = Bool.random(using: &random) ? lastInstance : Int.random(in: 0..<self.instances, using: &random)
            lastInstance = instance
            var pick = Int.random(in: 0..<totalWeight, using: &random)
            var event = LoadEvent.add
            for (candidate, weight) in LoadEvent.sent {
                if pick < weight { event = candidate; break }
                pick -= weight
            }
            sends.append(LoadSend(instance: instance, event: event, key: "k\(index)", isRepeat: false))
        }
        self.sends = sends
    }

    /// The id of the instance with index `index`.
    public func instanceID(_ index: Int) -> String { "\(prefix)order-\(index)" }

    /// The context an instance is created with.
    public static func initialContext(_ index: Int) -> LoadOrder { LoadOrder(number: index) }

    /// The entries worker `worker` of `workers` sends: every `workers`-th entry, in list order.
    public func share(of worker: Int, among workers: Int) -> [LoadSend] {
        stride(from: worker, to: sends.count, by: max(1, workers)).map { sends[$0] }
    }

    /// For each instance index, the distinct keys the plan sends it.
    public func keysByInstance() -> [Int: Set<String>] {
        var keys: [Int: Set<String>] = [:]
        for send in sends { keys[send.instance, default: []].insert(send.key) }
        return keys
    }
}
