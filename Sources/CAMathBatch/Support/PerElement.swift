/// A number of a batch call given once for every element or once per element (a fraction, a parent time),
/// shared read-only by the call's threads.
package enum PerElement: Sendable {
    case one(Double)
    case each(SharedReadPointer<Double>)

    /// Element i's number.
    package func callAsFunction(_ i: Int) -> Double {
        switch self {
        case .one(let x): x
        case .each(let values): values.base[i]
        }
    }
}
