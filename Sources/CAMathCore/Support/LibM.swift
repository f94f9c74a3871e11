#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The platform C library's elementary functions in double precision, in one place.
///
/// <doc:Conventions>, *Constructors* asks for the platform `cos`/`sin`; every transcendental call of CAMathCore goes through
/// this namespace so that no other file needs a platform import.
enum LibM {
    static func cos(_ x: Double) -> Double { platformCos(x) }
    static func sin(_ x: Double) -> Double { platformSin(x) }
    static func asin(_ x: Double) -> Double { platformAsin(x) }
    static func acos(_ x: Double) -> Double { platformAcos(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { platformAtan2(y, x) }
}

private func platformCos(_ x: Double) -> Double { cos(x) }
private func platformSin(_ x: Double) -> Double { sin(x) }
private func platformAsin(_ x: Double) -> Double { asin(x) }
private func platformAcos(_ x: Double) -> Double { acos(x) }
private func platformAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
