import XCTest

@testable import DSP

final class RealFFTTests: XCTestCase {
  func testASineLandsInItsBin() {
    let fft = RealFFT(size: 256)
    let signal = (0..<256).map { Float(sin(2 * Double.pi * 8 * Double($0) / 256)) }
    var power = [Float](repeating: 0, count: fft.binCount)
    signal.withUnsafeBufferPointer { input in
      power.withUnsafeMutableBufferPointer { fft.power(of: input, into: $0) }
    }
    XCTAssertEqual(power.firstIndex(of: power.max()!), 8)
    XCTAssertEqual(power[8], 128 * 128, accuracy: 1)
    XCTAssertLessThan(power[7] + power[9], 1e-3)
  }

  func testARoundTripReturnsTheInput() {
    let fft = RealFFT(size: 64)
    var generator = SplitMix64(seed: 7)
    let signal = (0..<64).map { _ in Float.random(in: -1...1, using: &generator) }
    var real = [Float](repeating: 0, count: fft.binCount)
    var imaginary = real
    var back = [Float](repeating: 0, count: 64)
    signal.withUnsafeBufferPointer { input in
      real.withUnsafeMutableBufferPointer { re in
        imaginary.withUnsafeMutableBufferPointer { im in fft.forward(input, real: re, imaginary: im)
        }
      }
    }
    real.withUnsafeBufferPointer { re in
      imaginary.withUnsafeBufferPointer { im in
        back.withUnsafeMutableBufferPointer { fft.inverse(real: re, imaginary: im, into: $0) }
      }
    }
    for (a, b) in zip(signal, back) { XCTAssertEqual(a, b, accuracy: 1e-5) }
  }

  func testAShortInputIsZeroPadded() {
    let fft = RealFFT(size: 16)
    var power = [Float](repeating: 0, count: fft.binCount)
    [Float(1)].withUnsafeBufferPointer { input in
      power.withUnsafeMutableBufferPointer { fft.power(of: input, into: $0) }
    }
    for value in power { XCTAssertEqual(value, 1, accuracy: 1e-6) }
  }
}
