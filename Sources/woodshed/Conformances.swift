import App
import ArgumentParser
import FoundationEssentials
import TerminalUI

extension GlyphSet.Kind: ExpressibleByArgument {}
extension Theme.Name: ExpressibleByArgument {}
extension DAWStyle.Name: ExpressibleByArgument {}
extension Launcher.Failure: LocalizedError {
  public var errorDescription: String? { description }
}
