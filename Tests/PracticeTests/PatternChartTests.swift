import Foundation
import FoundationXML
import MusicTheory
import XCTest

@testable import Practice

/// A pattern drawn for print: a well-formed A4 SVG page with every dot, the frets the shape
/// needs and its texts.
final class PatternChartTests: XCTestCase {
  private func chart(_ dots: [PatternChart.Dot], paragraphs: [String] = []) -> PatternChart {
    PatternChart(
      title: "Bass & treble <test>", subtitle: "on A", stringNames: ["E", "B", "G", "D", "A", "E"],
      dots: dots, paragraphs: paragraphs)
  }

  private func dot(_ string: Int, _ fret: Int, _ label: String, tonic: Bool = false)
    -> PatternChart.Dot
  {
    PatternChart.Dot(FretPosition(string: string, fret: fret), label: label, isTonic: tonic)
  }

  /// Parses `svg` and counts its elements by name.
  private func elements(of svg: String) throws -> [String: Int] {
    let parser = XMLParser(data: Data(svg.utf8))
    let counter = ElementCounter()
    parser.delegate = counter
    XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    return counter.counts
  }

  func testAShapeUpTheNeckIsDrawnInTheFretsItNeedsWithEveryDot() throws {
    let shape = chart([
      dot(6, 5, "1", tonic: true), dot(6, 8, "b3"), dot(5, 5, "4"), dot(5, 7, "5"),
    ])
    XCTAssertEqual(shape.frets, 5...9)
    XCTAssertFalse(shape.hasNut)
    let svg = shape.svg()
    let counts = try elements(of: svg)
    // Four dots and the inlays at 5, 7 and 9.
    XCTAssertEqual(counts["circle"], 7)
    // Six wires around five frets and six strings.
    XCTAssertEqual(counts["line"], 12)
    XCTAssertTrue(svg.contains("Bass &amp; treble &lt;test&gt;"), "texts are escaped")
    XCTAssertTrue(svg.contains(#"width="210mm" height="297mm""#), "an A4 page")
  }

  func testAnOpenShapeHasTheNutAndStartsAtTheFirstFret() throws {
    let open = chart([dot(6, 0, "1", tonic: true), dot(5, 2, "5"), dot(3, 1, "3")])
    XCTAssertTrue(open.hasNut)
    XCTAssertEqual(open.frets, 1...5)
    XCTAssertTrue(open.svg().contains(#"stroke-width="1.6""#), "the nut is drawn thick")
  }

  func testTextsWrapWithinThePageAndTheHTMLHoldsTheDrawing() throws {
    let long = String(repeating: "alternate the pick on every note ", count: 8)
    let shape = chart([dot(1, 3, "1", tonic: true)], paragraphs: [long, ""])
    for row in PatternChart.wrapped(long, width: PatternChart.lineLength) {
      XCTAssertLessThanOrEqual(row.count, PatternChart.lineLength)
    }
    let html = shape.html()
    XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
    XCTAssertTrue(html.contains("<title>Bass &amp; treble &lt;test&gt;</title>"))
    XCTAssertFalse(html.contains("<?xml"), "the SVG goes in without its XML declaration")
    let drawing = try XCTUnwrap(
      html.range(of: "<svg").map { String(html[$0.lowerBound...]) }?.components(
        separatedBy: "</svg>"
      ).first)
    XCTAssertNotNil(try elements(of: drawing + "</svg>")["svg"])
  }
}

private final class ElementCounter: NSObject, XMLParserDelegate {
  var counts: [String: Int] = [:]

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    counts[elementName, default: 0] += 1
  }
}
