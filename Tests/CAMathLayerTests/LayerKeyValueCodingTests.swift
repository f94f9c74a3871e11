import CAMathCore
import CAMathLayer
import Foundation
import Testing

/// CALayer-shaped key-value coding: `Any?` in and out, never a throw or a trap.
@Suite struct LayerKeyValueCodingTests {
    @Test func propertiesReadAsTheirSwiftTypes() throws {
        let layer = Layer()
        layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        layer.position = CGPoint(x: 5, y: 6)
        layer.zPosition = 7
        layer.anchorPointZ = 8
        layer.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        layer.opacity = 0.25
        layer.masksToBounds = true
        layer.name = "hand"
        #expect(layer.value(forKey: "bounds") as? CGRect == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 5, y: 6))
        #expect(layer.value(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.value(forKey: "zPosition") as? CGFloat == 7)
        #expect(layer.value(forKey: "anchorPointZ") as? CGFloat == 8)
        #expect(layer.value(forKey: "transform") as? Transform3D == Transform3D(scaleX: 2, y: 2, z: 1))
        #expect(layer.value(forKey: "sublayerTransform") as? Transform3D == .identity)
        #expect(layer.value(forKey: "frame") as? CGRect == layer.frame)
        #expect(layer.value(forKey: "opacity") as? Float == 0.25)
        #expect(layer.value(forKey: "hidden") as? Bool == false)
        #expect(layer.value(forKey: "masksToBounds") as? Bool == true)
        #expect(layer.value(forKey: "geometryFlipped") as? Bool == false)
        #expect(layer.value(forKey: "name") as? String == "hand")
        #expect(layer.value(forKeyPath: "bounds.size.width") as? CGFloat == 30)
        #expect(layer.value(forKeyPath: "bounds.origin") as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(layer.value(forKeyPath: "position.y") as? CGFloat == 6)
        #expect(layer.value(forKeyPath: "frame.size") as? CGSize == layer.frame.size)
        #expect(layer.value(forKeyPath: "transform.scale.x") as? CGFloat == 2)
        #expect(layer.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 0, height: 0))
    }

    @Test func propertiesWriteFromTheValuesSwiftUsersPass() {
        let layer = Layer()
        layer.setValue(CGRect(x: 0, y: 0, width: 10, height: 20), forKey: "bounds")
        layer.setValue(NSValue(point: CGPoint(x: 3, y: 4)), forKey: "position")
        layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
        layer.setValue(2.5, forKey: "zPosition")
        layer.setValue(Float(1.5), forKey: "anchorPointZ")
        layer.setValue(true, forKey: "hidden")
        layer.setValue(NSNumber(value: true), forKey: "geometryFlipped")
        layer.setValue(1, forKey: "masksToBounds")
        layer.setValue(12, forKeyPath: "bounds.size.width")
        layer.setValue(CGFloat(9), forKeyPath: "position.x")
        layer.setValue(NSValue(size: CGSize(width: 1, height: 2)), forKeyPath: "bounds.size")
        layer.setValue(Transform3D(translationX: 1, y: 0, z: 0), forKey: "sublayerTransform")
        layer.setValue(.pi / 2, forKeyPath: "transform.rotation.z")
        layer.setValue(CGSize(width: 3, height: 4), forKeyPath: "transform.translation")
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 1, height: 2))
        #expect(layer.position == CGPoint(x: 9, y: 4))
        #expect(layer.opacity == 0.5 && layer.zPosition == 2.5 && layer.anchorPointZ == 1.5)
        #expect(layer.isHidden && layer.isGeometryFlipped && layer.masksToBounds)
        #expect(layer.sublayerTransform == Transform3D(translationX: 1, y: 0, z: 0))
        #expect(
            layer.transform.maxDifference(
                to: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
                    .concatenating(Transform3D(translationX: 3, y: 4, z: 0))) < 1e-15)
        layer.setValue(CGRect(x: 10, y: 20, width: 1, height: 2), forKey: "frame")
        #expect(abs(layer.frame.origin.x - 10) < 1e-12 && abs(layer.frame.origin.y - 20) < 1e-12)
    }

    @Test func wrongValuesUnknownFieldsAndNilLeaveTheLayerUnchanged() {
        let layer = Layer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        layer.transform = Transform3D(translationX: 1, y: 2, z: 3).replacing(15, with: 0) // undecomposable
        let before = (layer.geometry, layer.opacity)
        for (value, key) in [
            ("a string", "bounds"), (CGSize(width: 1, height: 1) as Any, "position"), (CGPoint.zero, "opacity"),
            (nil, "bounds"), (nil, "zPosition"), (2.0, "transform"), (Layer(), "superlayer"), ("x", "hidden")
        ] as [(Any?, String)] {
            layer.setValue(value, forKey: key)
        }
        for (value, path) in [
            (1.0 as Any?, "bounds.size.depth"), (1.0, "position.z"), (1.0, "transform.rotation.w"),
            (1.0, "transform.rotation.z"), ("x", "transform.scale"), (1.0, "zPosition.x"),
            (CGPoint.zero as Any?, "bounds.size"), (nil, "position.x")
        ] {
            layer.setValue(value, forKeyPath: path)
        }
        #expect(layer.geometry == before.0 && layer.opacity == before.1)
        #expect(layer.value(forKeyPath: "transform.rotation.w") == nil)
        #expect(layer.value(forKeyPath: "bounds.size.depth") == nil)
        #expect(layer.value(forKeyPath: "zPosition.x") == nil)
        #expect(layer.value(forKeyPath: "transform.translation.x") as? CGFloat == 0) // undecomposable reads 0
        layer.setValue(CGFloat.nan, forKeyPath: "transform.translation.x")
        #expect(layer.geometry == before.0)
    }

    @Test func otherKeysAreAKeyValueContainer() {
        let layer = Layer()
        #expect(layer.value(forKey: "someKey") == nil)
        layer.setValue(50, forKey: "someKey")
        #expect(layer.value(forKey: "someKey") as? Int == 50)
        layer.setValue("x", forKeyPath: "some.dotted.key")
        #expect(layer.value(forKeyPath: "some.dotted.key") as? String == "x")
        layer.setValue(nil, forKey: "someKey")
        #expect(layer.value(forKey: "someKey") == nil)
        // A stored layer continues a key path.
        let other = Layer()
        layer.setValue(other, forKey: "partner")
        layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "partner.position")
        #expect(other.position == CGPoint(x: 1, y: 2))
        #expect(layer.value(forKeyPath: "partner.position.y") as? CGFloat == 2)
    }

    @Test func theTreeKeys() {
        let parent = Layer(), a = Layer(), b = Layer()
        parent.setValue([a, b], forKey: "sublayers")
        #expect(parent.sublayers == [a, b])
        #expect(a.value(forKey: "superlayer") as? Layer === parent)
        #expect(parent.value(forKey: "sublayers") as? [Layer] == [a, b])
        parent.setValue(nil, forKey: "sublayers")
        #expect(parent.sublayers == nil && a.superlayer == nil)
    }

    /// Subclasses that add defaults and copy their own state are tested where Apple-style code is
    /// (CAMathTests' PortedLayerProgramTests); here, the base class.
    @Test func defaultsFollowCALayer() {
        #expect(Layer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(Layer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(Layer.defaultValue(forKey: "position") == nil)
        #expect(Layer.defaultValue(forKey: "someKey") == nil)
        // The layer's clock (the media-timing properties CAMathAnimation adds): speed 1, duration +∞.
        #expect(Layer.defaultValue(forKey: "speed") as? Float == 1)
        #expect(Layer.defaultValue(forKey: "duration") as? Double == .infinity)
        for key in [
            "bounds", "frame", "autoresizingMask", "transform", "sublayerTransform", "zPosition", "anchorPointZ",
            "beginTime", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "hidden", "masksToBounds",
            "geometryFlipped"
        ] {
            #expect(Layer.defaultValue(forKey: key) == nil, "\(key)")
        }
        #expect(Layer().opacity == 1)
    }

    @Test func copiesAndIdentity() {
        let original = Layer()
        original.bounds = CGRect(x: 0, y: 0, width: 4, height: 5)
        original.opacity = 0.5
        original.name = "gauge"
        original.setValue(CGFloat(0.9), forKey: "needle")
        original.addSublayer(Layer())
        let copy = Layer(layer: original)
        #expect(copy.geometry == original.geometry && copy.opacity == 0.5 && copy.name == "gauge")
        #expect(copy.value(forKey: "needle") as? CGFloat == 0.9)
        #expect(copy.sublayers == nil && copy.superlayer == nil)
        #expect(copy != original && copy == copy && Set([copy, original, copy]).count == 2)
        #expect(Layer(layer: "not a layer").geometry == LayerGeometry())
    }
}
