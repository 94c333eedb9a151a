/// The best `capacity` of many offered values by a key, kept without sorting them all: ranking
/// 10,000 candidates keeps a few dozen.
struct TopEntries<Value> {
    private let capacity: Int
    /// Worst first, so the one to drop is at the front.
    private var kept: [(key: Double, order: Int, value: Value)] = []
    private var offered = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        kept.reserveCapacity(self.capacity + 1)
    }

    mutating func offer(_ value: Value, key: Double) {
        defer { offered += 1 }
        if kept.count == capacity, let worst = kept.first, !Self.better(key, offered, than: worst.key, worst.order) {
            return
        }
        // Ties go to the earlier offer, so the result does not depend on anything but the input.
        var position = kept.count
        while position > 0, Self.better(kept[position - 1].key, kept[position - 1].order, than: key, offered) {
            position -= 1
        }
        kept.insert((key, offered, value), at: position)
        if kept.count > capacity { kept.removeFirst() }
    }

    /// Best first.
    func sorted() -> [Value] { kept.reversed().map(\.value) }

    private static func better(_ key: Double, _ order: Int, than other: Double, _ otherOrder: Int) -> Bool {
        key != other ? key > other : order < otherOrder
    }
}
