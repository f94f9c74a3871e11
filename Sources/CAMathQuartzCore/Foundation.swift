// `import QuartzCore` on Apple platforms brings CoreGraphics' value types (`CGFloat`, `CGPoint`, `CGSize`,
// `CGRect`) and Foundation with it, so code written against it uses them without importing anything
// else. This module does the same with the types Foundation provides on every platform: importing
// `CAMathQuartzCore` (or the `CAMath` umbrella) is enough for layer code to compile.
@_exported import Foundation
