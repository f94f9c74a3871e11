import CAMathCore
import CAMathLayer
import Foundation
import Testing

/// The typed, throwing key-path API (`transformValue(forKeyPath:)`, `setTransformValue(_:forKeyPath:)`).
@Suite struct LayerKeyPathTests {
    @Test func transformAndSublayerTransformPrefixes() throws {
        let layer = Layer()
        try layer.setTransformValue(.pi / 4, forKeyPath: "transform.rotation.z")
        #expect(layer.transform.maxDifference(to: Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)) < 1e-15)
        #expect(abs(try #require(layer.transformValue(forKeyPath: "transform.rotation").number) - .pi / 4) < 1e-15)
        try layer.setTransformValue(CGSize(width: 3, height: 4), forKeyPath: "sublayerTransform.translation")
        #expect(layer.sublayerTransform == Transform3D(translationX: 3, y: 4, z: 0))
        #expect(try layer.transformValue(forKeyPath: "sublayerTransform.translation.y") == .number(4))
        #expect(layer.transform.m41 == 0)
    }

    @Test func wholeMatrixKeyPaths() throws {
        let layer = Layer()
        let m = Transform3D(scaleX: 2, y: 3, z: 4)
        try layer.setTransformValue(m, forKeyPath: "transform")
        #expect(try layer.transformValue(forKeyPath: "transform") == .transform(m))
        try layer.setTransformValue(.transform(m), forKeyPath: "sublayerTransform")
        #expect(layer.sublayerTransform == m)
        #expect(throws: TransformKeyPathError.wrongValueKind(keyPath: "transform", expected: .transform, got: .number)) {
            try layer.setTransformValue(1, forKeyPath: "transform")
        }
    }

    @Test func refusedWritesLeaveTheLayerUnchanged() throws {
        let layer = Layer()
        layer.transform = Transform3D(translationX: 1, y: 2, z: 3).replacing(15, with: 0)
        let before = layer.transform
        for path in [
            "transform.rotation.w", "transform.", "position.x", "transformrotation.z", "Transform.scale", "sublayerTransform.scale.q"
        ] {
            #expect(throws: TransformKeyPathError.unknownKeyPath(path)) { try layer.transformValue(forKeyPath: path) }
            #expect(throws: TransformKeyPathError.unknownKeyPath(path)) { try layer.setTransformValue(1, forKeyPath: path) }
        }
        #expect(throws: TransformKeyPathError.undecomposableTransform(keyPath: "rotation.z")) {
            try layer.setTransformValue(1, forKeyPath: "transform.rotation.z")
        }
        #expect(throws: TransformKeyPathError.wrongValueKind(keyPath: "scale.x", expected: .number, got: .size)) {
            try layer.setTransformValue(CGSize(width: 1, height: 1), forKeyPath: "transform.scale.x")
        }
        #expect(layer.transform.matches(before))
        #expect(try layer.transformValue(forKeyPath: "transform.translation.x") == .number(0)) // undecomposable reads 0
    }

    @Test func nonFiniteValuesAreIgnored() throws {
        let layer = Layer()
        layer.transform = Transform3D(scaleX: 2, y: 3, z: 4)
        try layer.setTransformValue(.nan, forKeyPath: "transform.scale.x")
        try layer.setTransformValue(.infinity, forKeyPath: "transform.rotation.z")
        try layer.setTransformValue(CGSize(width: CGFloat.nan, height: 0), forKeyPath: "transform.translation")
        #expect(layer.transform == Transform3D(scaleX: 2, y: 3, z: 4))
    }
}
