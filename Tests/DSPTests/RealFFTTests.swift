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

  func testTheTransformIsTheDiscreteFourierTransform() {
    var generator = SplitMix64(seed: 11)
    for size in [2, 4, 12, 64, 1024] {
      let fft = RealFFT(size: size)
      let signal = (0..<size).map { _ in Float.random(in: -1...1, using: &generator) }
      var real = [Float](repeating: 0, count: fft.binCount)
      var imaginary = real
      signal.withUnsafeBufferPointer { input in
        real.withUnsafeMutableBufferPointer { re in
          imaginary.withUnsafeMutableBufferPointer { fft.forward(input, real: re, imaginary: $0) }
        }
      }
      for bin in 0..<fft.binCount {
        var expected = (real: 0.0, imaginary: 0.0)
        for (index, sample) in signal.enumerated() {
          let angle = -2 * Double.pi * Double(bin * index) / Double(size)
          expected.real += Double(sample) * cos(angle)
          expected.imaginary += Double(sample) * sin(angle)
        }
        let tolerance = 1e-5 * Float(size)
        XCTAssertEqual(
          real[bin], Float(expected.real), accuracy: tolerance, "bin \(bin) of \(size)")
        XCTAssertEqual(
          imaginary[bin], Float(expected.imaginary), accuracy: tolerance, "bin \(bin) of \(size)")
      }
    }
  }

  func testAWindowedPowerIsThePowerOfTheWindowedInput() {
    let fft = RealFFT(size: 32)
    var generator = SplitMix64(seed: 3)
    let signal = (0..<32).map { _ in Float.random(in: -1...1, using: &generator) }
    let window = (0..<32).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / 32)) }
    var expected = [Float](repeating: 0, count: fft.binCount)
    zip(signal, window).map(*).withUnsafeBufferPointer { input in
      expected.withUnsafeMutableBufferPointer { fft.power(of: input, into: $0) }
    }
    var power = [Float](repeating: -1, count: 5)
    signal.withUnsafeBufferPointer { input in
      window.withUnsafeBufferPointer { window in
        power.withUnsafeMutableBufferPointer { fft.power(of: input, windowedBy: window, into: $0) }
      }
    }
    for bin in 0..<5 { XCTAssertEqual(power[bin], expected[bin], accuracy: 1e-5) }
    XCTAssertGreaterThan(expected[5...].reduce(0, +), 0, "the bins beyond those asked for exist")
  }
}
