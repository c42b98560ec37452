import Statecharts

/// The order's states.
enum OrderState: String, Hashable, Sendable, Codable { case placed, paid, shipped, delivered }

/// What happens to an order, and what it tells the customer.
enum OrderEvent: String, StatechartEvent, Hashable, Codable {
    case pay, ship, deliver
    case receipt, shippedNotice, deliveredNotice
}

/// The order's data.
struct Order: Codable, Sendable {
    var number: Int
    var total: Int
    var paidAt: Duration?
}

/// Paid orders ship three seconds later (a timer) and arrive one second after that; each step
/// tells the customer through the outbox.
let orderWorkflow = try! Statechart<OrderState, OrderEvent, Order> {
    State(.placed) {
        On(.pay, to: .paid)
    }
    State(.paid) {
        OnEntry { _, _, outbox in
            outbox.sendToParent(.receipt)
            outbox.send(.ship, after: .seconds(3), id: "ship")
        }
        On(.ship, to: .shipped)
    }
    State(.shipped) {
        OnEntry { _, _, outbox in
            outbox.sendToParent(.shippedNotice)
            outbox.send(.deliver, after: .seconds(1))
        }
        On(.deliver, to: .delivered)
    }
    Final(.delivered) {
        OnEntry { _, _, outbox in outbox.sendToParent(.deliveredNotice) }
    }
}
