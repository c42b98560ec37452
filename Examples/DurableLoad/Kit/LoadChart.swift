import Statecharts

/// The states of the load test's order.
public enum LoadState: String, Hashable, Sendable, Codable {
    /// The order is open (the parent of `working` and of the history `resumePoint`).
    case open
    /// Payment and fulfilment, in parallel.
    case working
    /// The payment region.
    case payment
    /// Not paid yet, no reminder pending.
    case awaiting
    /// Refunded: a reminder is pending.
    case unpaid
    /// Paid.
    case paid
    /// The fulfilment region.
    case fulfilment
    /// Items are added and removed.
    case picking
    /// Packed: shipping is pending.
    case packed
    /// Shipped; adding an item starts a new parcel.
    case shipped
    /// The deep history of `open`: where a hold resumes.
    case resumePoint
    /// On hold: the automatic release is pending.
    case onHold
}

/// What happens to an order (sent by the load test), what its timers deliver (`remind`, `ship`,
/// `release`), and what it tells the outside world through the outbox (`receipt` ... `released`).
public enum LoadEvent: String, StatechartEvent, Hashable, Codable, CaseIterable {
    /// Sent: add an item, remove one, pay, refund, pack, unpack, hold, resume.
    case add, remove, pay, refund, pack, unpack, hold, resume
    /// Delivered by the timers: the refund's reminder, the shipping, the end of a hold.
    case remind, ship, release
    /// Sent out through the outbox.
    case receipt, reminder, refundNotice, shippedNotice, released

    /// The events the load test sends, with their weights in the generated list.
    public static let sent: [(event: LoadEvent, weight: Int)] = [
        (.add, 30), (.remove, 8), (.pay, 16), (.refund, 6), (.pack, 14), (.unpack, 6), (.hold, 10), (.resume, 10),
    ]
}

/// The order's data: every step that does something changes it.
public struct LoadOrder: Codable, Sendable, Hashable {
    /// The order's number (the instance's index).
    public var number: Int
    /// Items in the current parcel.
    public var items = 0
    /// The running total: each item's price depends on what came before, so order matters.
    public var total = 0
    /// Payments, refunds, reminders fired, parcels shipped, holds and automatic releases.
    public var payments = 0, refunds = 0, reminders = 0, shipments = 0, holds = 0, releases = 0

    /// A new order.
    public init(number: Int) {
        self.number = number
        total = number % 7
    }
}

/// The delays of the chart's timers.
public enum LoadDelays {
    /// A refunded order reminds the customer once, this long after the refund.
    public static let remind = Duration.milliseconds(1_500)
    /// A packed parcel ships this long after it was packed (unpacking cancels it).
    public static let ship = Duration.milliseconds(400)
    /// An order on hold resumes by itself this long after the hold (`resume` cancels it).
    public static let release = Duration.milliseconds(800)
}

/// An order-like workflow: payment and fulfilment in parallel regions, a hold that remembers
/// where the order was (deep history), three timers that are scheduled on entry and cancelled
/// on exit, and outbox messages. A new order has no timer pending.
public let loadChart: Statechart<LoadState, LoadEvent, LoadOrder> = {
    do {
        return try Statechart<LoadState, LoadEvent, LoadOrder> {
            State(.open, initial: .working) {
                Parallel(.working) {
                    State(.payment, initial: .awaiting) {
                        State(.awaiting) {
                            On(.pay, to: .paid) { order, _, outbox in
                                order.payments += 1
                                outbox.sendToParent(.receipt)
                            }
                        }
                        State(.unpaid) {
                            OnEntry { _, _, outbox in outbox.send(.remind, after: LoadDelays.remind, id: "remind") }
                            OnExit { _, _, outbox in outbox.cancel("remind") }
                            On(.remind) { order, _, outbox in
                                order.reminders += 1
                                outbox.sendToParent(.reminder)
                            }
                            On(.pay, to: .paid) { order, _, outbox in
                                order.payments += 1
                                outbox.sendToParent(.receipt)
                            }
                        }
                        State(.paid) {
                            On(.refund, to: .unpaid) { order, _, outbox in
                                order.refunds += 1
                                outbox.sendToParent(.refundNotice)
                            }
                        }
                    }
                    State(.fulfilment, initial: .picking) {
                        State(.picking) {
                            On(.add) { order in
                                order.items += 1
                                order.total = (order.total * 3 + order.items) % 1_000_003
                            }
                            On(.remove, guard: Guard("has items") { $0.items > 0 }) { order in
                                order.items -= 1
                                order.total = (order.total * 5 + 1) % 1_000_003
                            }
                            On(.pack, to: .packed, guard: Guard("has items") { $0.items > 0 })
                        }
                        State(.packed) {
                            OnEntry { _, _, outbox in outbox.send(.ship, after: LoadDelays.ship, id: "ship") }
                            OnExit { _, _, outbox in outbox.cancel("ship") }
                            On(.unpack, to: .picking)
                            On(.ship, to: .shipped) { order, _, outbox in
                                order.shipments += 1
                                order.items = 0
                                outbox.sendToParent(.shippedNotice)
                            }
                        }
                        State(.shipped) {
                            On(.add, to: .picking) { order in
                                order.items = 1
                                order.total = (order.total * 7 + 1) % 1_000_003
                            }
                        }
                    }
                }
                History(.resumePoint, .deep, default: .working)
                On(.hold, to: .onHold) { $0.holds += 1 }
            }
            State(.onHold) {
                OnEntry { _, _, outbox in outbox.send(.release, after: LoadDelays.release, id: "release") }
                OnExit { _, _, outbox in outbox.cancel("release") }
                On(.resume, to: .resumePoint)
                On(.release, to: .resumePoint) { order, _, outbox in
                    order.releases += 1
                    outbox.sendToParent(.released)
                }
            }
        }
    } catch {
        // The chart is fixed: a definition error is a bug of this file, found by the first run.
        preconditionFailure("the load test's chart is invalid: \(error)")
    }
}()
