@_spi(Benchmarks) import CAMath

extension BatchCatalogue {
    /// Rows whose products overflow one by one, alternating in sign: summed with fused multiply-adds, some
    /// would stay finite where the reference's are ±∞ or NaN, which the contract keeps identical.
    static let overflowing: [Transform3D] = [1e308, -1e308, 0x1p1000, -0x1p1000].map { (v: Double) -> Transform3D in
        let elements: [Double] = [1, v, v, v, v, -v, v, -v, 1, 1, 1, 1, 0.5, v / 2, -v, 3]
        return Transform3D(elements: elements)!
    }
    static let spread = Transform3D(elements: [1, 3, -3, 1, 3, 1, 1, -3, -3, 1, 1, 3, 1, -3, 3, 1])!
    /// Rows 1 and 2 at ±the largest double: for (1, 1.5) or (1.5, 1) one product overflows in the reference,
    /// while fused into the other's sum it would come back finite.
    static let cancelling = Transform3D(elements: [
        .greatestFiniteMagnitude, 1, 0, 0, -.greatestFiniteMagnitude, 1, 0, 0,
        0, 0, 1, 0, 0, 0, 0, 1
    ])!
    /// A subnormal weight: 1/W overflows where x/W is 0 (the fast maps multiply by a reciprocal).
    static let tinyWeight = Transform3D(elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0x1p-1060])!
    /// Row 4 puts (−0, −0, ·)'s X at 0x1.64a1a9b0c9435p+1023 and W at 0x1.64a1a9b0c9435p-1: X/W is exactly 2¹⁰²⁴,
    /// which rounds to ∞, while X·(1/W) rounds to the largest double (the fast maps multiply by a reciprocal).
    static let topOfRange = Transform3D(elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0x1.64a1a9b0c9435p+1023, 0, 0, 0x1.64a1a9b0c9435p-1]
    )!
    /// Matrices the point maps are tried through: a general one, signed zeros, edge-on and behind-the-eye layers,
    /// and every third matrix of the adversarial list.
    static var pointMaps: [Transform3D] {
        [Adversarial.base, overflowing[0], cancelling, tinyWeight, topOfRange] + Adversarial.signedZeros
            + Adversarial.degenerateLayerTransforms
            + stride(from: 0, to: Adversarial.matrices.count, by: 3).map { Adversarial.matrices[$0] }
    }
    /// The adversarial points (special values in x or y, with z = −0 and z = 7), and special values in z.
    static var adversarialPoints: [SIMD3<Double>] {
        Adversarial.points.flatMap { [SIMD3(Double($0.x), Double($0.y), -0.0), SIMD3(Double($0.x), Double($0.y), 7)] }
            + SpecialValues.all.map { SIMD3(1, 2, $0) } + [SIMD3(1, 1.5, 0), SIMD3(1.5, 1, 0), SIMD3(-1, 1.5, 2)]
    }
    /// Affine 2-D maps — third column (0, 0, 1), with both zeros' signs — over 600 points (three of the kernels'
    /// 256-point blocks, the last partial): all finite (signed zeros, overflowing and tiny coordinates among them), and
    /// the same with a NaN in the second block and an infinity in the third; and 599 of them, whose last point is left
    /// over by the kernels that map two points a vector, finite and then infinite. The kernels skip the division by W
    /// only in blocks whose coordinates are all finite, where W is exactly 1.
    static var affinePointMaps: [(points: [SIMD2<Double>], h: Homography)] {
        let finite = (0..<600).map { i -> SIMD2<Double> in
            switch i % 7 {
            case 0: SIMD2(-0.0, 0.0)
            case 1: SIMD2(1e308, -1e308)
            case 2: SIMD2(0x1p-1070, -0x1p-1060)
            default: SIMD2(Double(i) * 1.37 - 300, Double(i % 17) * -2.5e3)
            }
        }
        var special = finite
        special[300] = SIMD2(.nan, 1)
        special[520] = SIMD2(2, -.infinity)
        let maps = [
            Transform3D.identity, Transform3D(translationX: 12.5, y: -7, z: 3),
            Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1).concatenating(Transform3D(scaleX: 3, y: -0.5, z: 1)),
            Transform3D(elements: [2, -0.0, 0, -0.0, 0.5, 3, 0, -0.0, 0, 0, 1, 0, 1e300, -4, 0, 1])!
        ]
        let odd = Array(finite.prefix(599))
        var oddSpecial = odd
        oddSpecial[598] = SIMD2(.infinity, 1)
        return maps.flatMap { m in [(finite, Homography(m)), (special, Homography(m)), (odd, Homography(m)), (oddSpecial, Homography(m))] }
    }
    /// Affine 3-D maps — fourth column (0, 0, 0, 1), with both zeros' signs — and three that only look affine (a
    /// subnormal W weight, m34 the least subnormal, m44 = 1 + 2⁻⁵²), over 600 points: finite (signed zeros,
    /// coordinates whose products overflow, subnormal ones) with a NaN, an infinity in y and one in z among them. The
    /// kernels multiply by W instead of dividing where the map is affine (W is then exactly 1, or NaN beside a
    /// non-finite coordinate), which must not change a bit.
    static var affinePointMaps3D: [(points: [SIMD3<Double>], m: Transform3D)] {
        var points = (0..<600).map { i -> SIMD3<Double> in
            switch i % 7 {
            case 0: SIMD3(-0.0, 0.0, -0.0)
            case 1: SIMD3(1e308, -1e308, 1e308)
            case 2: SIMD3(0x1p-1070, -0x1p-1060, 0x1p-1074)
            default: SIMD3(Double(i) * 1.37 - 300, Double(i % 17) * -2.5e3, Double(i % 5) - 2)
            }
        }
        points[300].x = .nan
        points[411].y = .infinity
        points[520].z = -.infinity
        let maps = [
            Transform3D.identity, Transform3D(translationX: 12.5, y: -7, z: 3),
            Transform3D(rotationAngle: 0.7, x: 0.2, y: 0.3, z: 1).concatenating(Transform3D(scaleX: 3, y: -0.5, z: 2)),
            Transform3D(elements: [2, -0.0, 0, -0.0, 0.5, 3, 0, -0.0, 0, 0, 1, -0.0, 1e300, -4, 0, 1])!,
            Transform3D(elements: [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 1, 2, 3, 0x1p-1070])!,
            Transform3D(elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0x1p-1074, 0, 0, 0, 1])!,
            Transform3D(elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1 + 0x1p-52])!
        ]
        return maps.map { (points, $0) }
    }
    static let blendFractions: [Double] = [0.3, 0.5, -0.75, 2, 0, 1, .nan, .infinity, -2.5, 1e7, 4e5, 1e5, -3e4, 0x1p20, -3e6, 1e300]
    static var decomposable: [Transform3D] { Adversarial.matrices + DecompositionCases.all }

    static let transformEntries: [CatalogueEntry] = [
        CatalogueEntry(
            "concat pairwise", .concatPairwise, kernel: "concat",
            generate: { s, n in
                concatPairwise(draw(n, &s) { CatalogueInputs.transform(&$0) }, draw(n, &s) { CatalogueInputs.transform(&$0) })
            },
            adversarial: {
                let spreads = overflowing.map { _ in spread }
                return [
                    concatPairwise(Adversarial.matrices, Adversarial.matrices.reversed()), concatPairwise(overflowing, spreads),
                    concatPairwise(spreads, overflowing), concatPairwise(overflowing, overflowing.reversed())
                ]
            }),
        CatalogueEntry(
            "concat many-by-one", .concatManyByOne, kernel: "concat",
            generate: { s, n in
                concatManyByOne(draw(n, &s) { CatalogueInputs.transform(&$0) }, CatalogueInputs.transform(&s))
            },
            adversarial: {
                [Adversarial.base, spread, overflowing[0]].flatMap { m in
                    [concatManyByOne(Adversarial.matrices, m), concatManyByOne(overflowing, m)]
                }
            }),
        CatalogueEntry(
            "concat one-by-many", .concatOneByMany, kernel: "concat",
            generate: { s, n in
                concatOneByMany(CatalogueInputs.transform(&s), draw(n, &s) { CatalogueInputs.transform(&$0) })
            },
            adversarial: {
                [Adversarial.base, spread, overflowing[0]].flatMap { m in
                    [concatOneByMany(m, Adversarial.matrices), concatOneByMany(m, overflowing)]
                }
            }),
        CatalogueEntry(
            "map points 4-D", .concatManyByOne, kernel: "concat",
            generate: { s, n in
                let points = draw(n, &s) { s in SIMD4(CatalogueInputs.point3(&s), s.pick([1, 0, -0.0, 2.5, s.double()])) }
                return mapPoints4(points, CatalogueInputs.transform(&s))
            },
            adversarial: {
                let points = adversarialPoints.enumerated().map { i, p in SIMD4(p, [1, 0, -0.0, .nan, .infinity, 0x1p-1040][i % 6]) }
                return pointMaps.map { mapPoints4(points, $0) }
            }),
        CatalogueEntry(
            "invert", .invert, kernel: "invert",
            generate: { s, n in
                invert(.invert, draw(n, &s) { CatalogueInputs.transform(&$0) })
            }, adversarial: { [invert(.invert, Adversarial.matrices)] }),
        CatalogueEntry(
            "invert affine", .invertAffine, kernel: "invert_affine",
            generate: { s, n in
                invert(.invertAffine, draw(n, &s) { CatalogueInputs.affineTransform(&$0) })
            }, adversarial: { [invert(.invertAffine, Adversarial.affineWithSpecialValues), invert(.invertAffine, Adversarial.matrices)] }),
        CatalogueEntry(
            "affine round trip", .affineRoundTrip, kernel: "decompose",
            generate: { s, n in
                affineRoundTrip(draw(n, &s) { CatalogueInputs.affineTransform(&$0) })
            }, adversarial: { [affineRoundTrip(Adversarial.matrices)] }),
        CatalogueEntry(
            "map points 3-D", .mapPoints3D, kernel: "map_points3",
            generate: { s, n in
                mapPoints3(draw(n, &s) { CatalogueInputs.point3(&$0) }, CatalogueInputs.transform(&s))
            },
            adversarial: {
                pointMaps.map { mapPoints3(adversarialPoints, $0) } + affinePointMaps3D.map { mapPoints3($0.points, $0.m) }
            }),
        CatalogueEntry(
            "map points 2-D", .mapPoints2D, kernel: "map_points2",
            generate: { s, n in
                mapPoints2(
                    draw(n, &s) { s in SIMD2(CatalogueInputs.coordinate(&s), CatalogueInputs.coordinate(&s)) },
                    Homography(CatalogueInputs.transform(&s)))
            },
            adversarial: {
                pointMaps.map { mapPoints2(adversarialPoints.map { SIMD2($0.x, $0.y) }, Homography($0)) }
                    + affinePointMaps.map { mapPoints2($0.points, $0.h) }
            }),
        CatalogueEntry(
            "decompose", .decompose, kernel: "decompose",
            generate: { s, n in
                decompose(draw(n, &s) { CatalogueInputs.transform(&$0) })
            }, adversarial: { [decompose(decomposable)] }),
        CatalogueEntry(
            "key-path read", .keyPathRead, kernel: "decompose",
            generate: { s, n in
                readKeyPaths(draw(n, &s) { CatalogueInputs.transform(&$0) })
            }, adversarial: { [readKeyPaths(decomposable)] }),
        CatalogueEntry(
            "key-path write", .keyPathWrite, kernel: "decompose",
            generate: { s, n in
                let t = draw(n, &s) { CatalogueInputs.transform(&$0) }
                let values = draw(n, &s) { s -> TransformKeyPathValue in
                    s.int(below: 5) == 0
                        ? .size(width: s.double(), height: s.value(in: -3...3))
                        : .number(s.int(below: 3) == 0 ? s.double() : s.value(in: -10...10))
                }
                return writeKeyPaths(t, values)
            },
            adversarial: {
                let values = decomposable.indices.map { i -> TransformKeyPathValue in
                    [.number(Double(i) * 0.37 - 9), .number(1e7 + Double(i)), .number(-0.0), .number(.nan), .size(width: 1, height: 2)][
                        i % 5]
                }
                let matrices = Adversarial.matrices
                return [
                    writeKeyPaths(decomposable, values),
                    writeKeyPaths(matrices, matrices.indices.map { Adversarial.keyPathValues[$0 % Adversarial.keyPathValues.count] })
                ]
            }),
        CatalogueEntry(
            "concat pairwise (planes)", .concatPairwise, kernel: "concat_planes",
            generate: { s, n in
                concatPlanes(draw(n, &s) { CatalogueInputs.transform(&$0) }, draw(n, &s) { CatalogueInputs.transform(&$0) })
            },
            adversarial: {
                let spreads = overflowing.map { _ in spread }
                return [
                    concatPlanes(Adversarial.matrices, Adversarial.matrices.reversed()), concatPlanes(overflowing, spreads),
                    concatPlanes(overflowing, overflowing.reversed())
                ]
            }),
        CatalogueEntry(
            "concat many-by-one (planes)", .concatManyByOne, kernel: "concat_planes",
            generate: { s, n in
                concatPlanes(draw(n, &s) { CatalogueInputs.transform(&$0) }, byOne: CatalogueInputs.transform(&s))
            },
            adversarial: {
                [Adversarial.base, spread, overflowing[0]].flatMap { m in
                    [concatPlanes(Adversarial.matrices, byOne: m), concatPlanes(overflowing, byOne: m)]
                }
            }),
        CatalogueEntry(
            "concat one-by-many (planes)", .concatOneByMany, kernel: "concat_planes",
            generate: { s, n in
                concatPlanes(CatalogueInputs.transform(&s), byMany: draw(n, &s) { CatalogueInputs.transform(&$0) })
            },
            adversarial: {
                [Adversarial.base, spread, overflowing[0]].flatMap { m in
                    [concatPlanes(m, byMany: Adversarial.matrices), concatPlanes(m, byMany: overflowing)]
                }
            }),
        CatalogueEntry(
            "invert (planes)", .invert, kernel: "invert_planes",
            generate: { s, n in
                invertPlanes(draw(n, &s) { CatalogueInputs.transform(&$0) })
            }, adversarial: { [invertPlanes(Adversarial.matrices)] }),
        CatalogueEntry(
            "invert affine (planes)", .invertAffine, kernel: "invert_affine_planes",
            generate: { s, n in
                invertPlanes(draw(n, &s) { CatalogueInputs.affineTransform(&$0) }, affine: true)
            },
            adversarial: {
                [invertPlanes(Adversarial.affineWithSpecialValues, affine: true), invertPlanes(Adversarial.matrices, affine: true)]
            }),
        CatalogueEntry(
            "map points 3-D (planes)", .mapPoints3D, kernel: "map_points3_planes",
            generate: { s, n in
                mapPoints3Planes(draw(n, &s) { CatalogueInputs.point3(&$0) }, CatalogueInputs.transform(&s))
            },
            adversarial: {
                pointMaps.map { mapPoints3Planes(adversarialPoints, $0) } + affinePointMaps3D.map { mapPoints3Planes($0.points, $0.m) }
            }),
        CatalogueEntry(
            "map points 2-D (planes)", .mapPoints2D, kernel: "map_points2_planes",
            generate: { s, n in
                mapPoints2Planes(
                    draw(n, &s) { s in SIMD2(CatalogueInputs.coordinate(&s), CatalogueInputs.coordinate(&s)) },
                    Homography(CatalogueInputs.transform(&s)))
            },
            adversarial: {
                pointMaps.map { mapPoints2Planes(adversarialPoints.map { SIMD2($0.x, $0.y) }, Homography($0)) }
                    + affinePointMaps.map { mapPoints2Planes($0.points, $0.h) }
            }),
        CatalogueEntry(
            "blend", .blend, kernel: "interpolate",
            generate: { s, n in
                blend(
                    draw(n, &s) { CatalogueInputs.transform(&$0) }, draw(n, &s) { CatalogueInputs.transform(&$0) },
                    draw(6, &s) { CatalogueInputs.fraction(&$0) })
            }, adversarial: { [blend(decomposable, decomposable.reversed(), blendFractions)] }),
        CatalogueEntry(
            "blend (plan)", .blendPrepared, kernel: "interpolate",
            generate: { s, n in
                let a = draw(n, &s) { CatalogueInputs.transform(&$0) }, b = draw(n, &s) { CatalogueInputs.transform(&$0) }
                return blendPlan(a, b, draw(2, &s) { CatalogueInputs.fraction(&$0) }, draw(n, &s) { CatalogueInputs.fraction(&$0) })
            },
            adversarial: {
                let a = decomposable, b = decomposable.map { Transform3D($0.affineTransform) }
                return [
                    blendPlan(
                        a, b, blendFractions,
                        a.indices.map { [0.3, 0.5, -0.75, 2, 0, 1, .nan, 4e5, 1e-300, 0.999, 1e5, -0x1p20, 7e6][$0 % 13] })
                ]
            })
    ]

    static func concatPairwise(_ a: [Transform3D], _ b: [Transform3D]) -> CatalogueCase {
        CatalogueCase(
            "concat pairwise", .concatPairwise, count: a.count, reference: twice(zip(a, b).map { $0.concatenating($1) }.exactnessValues),
            budget: { twice(zip(a, b).flatMap { ExactnessBudget.concat($0, $1) }) }
        ) { options throws(BatchError) in
            let inPlace = try inPlace(a) { p throws(BatchError) in
                try b.withUnsafeBufferPointer { pb throws(BatchError) in
                    try Batch.concat(UnsafeBufferPointer(p), pb, into: p, options: options)
                }
            }
            return try Batch.concat(a, b, options: options).exactnessValues + inPlace.exactnessValues
        }
    }

    static func concatManyByOne(_ a: [Transform3D], _ m: Transform3D) -> CatalogueCase {
        CatalogueCase(
            "concat many-by-one", .concatManyByOne, count: a.count, reference: twice(a.map { $0.concatenating(m) }.exactnessValues),
            budget: { twice(a.flatMap { ExactnessBudget.concat($0, m) }) }
        ) { options throws(BatchError) in
            let inPlace = try inPlace(a) { p throws(BatchError) in try Batch.concat(UnsafeBufferPointer(p), m, into: p, options: options) }
            return try Batch.concat(a, m, options: options).exactnessValues + inPlace.exactnessValues
        }
    }

    static func concatOneByMany(_ m: Transform3D, _ b: [Transform3D]) -> CatalogueCase {
        CatalogueCase(
            "concat one-by-many", .concatOneByMany, count: b.count, reference: twice(b.map { m.concatenating($0) }.exactnessValues),
            budget: { twice(b.flatMap { ExactnessBudget.concat(m, $0) }) }
        ) { options throws(BatchError) in
            let inPlace = try inPlace(b) { p throws(BatchError) in try Batch.concat(m, UnsafeBufferPointer(p), into: p, options: options) }
            return try Batch.concat(m, b, options: options).exactnessValues + inPlace.exactnessValues
        }
    }

    /// A planes call through its value form, then through its `inout` form over an output that shares its memory
    /// with an input (a copy of it: the output must be copied before it is written, and the input keep its values).
    static func planesCase(
        _ name: String, _ operation: BatchOperation, count: Int, reference: [Double],
        budget: @escaping @Sendable () -> [Double],
        call: @escaping @Sendable (BatchOptions) throws(BatchError) -> [Double]
    ) -> CatalogueCase {
        CatalogueCase(name, operation, count: count, reference: twice(reference), isPlanes: true, budget: { twice(budget()) }, call: call)
    }

    static func concatPlanes(_ a: [Transform3D], _ b: [Transform3D]) -> CatalogueCase {
        planesCase(
            "concat pairwise (planes)", .concatPairwise, count: a.count, reference: zip(a, b).map { $0.concatenating($1) }.exactnessValues,
            budget: { zip(a, b).flatMap { ExactnessBudget.concat($0, $1) } }
        ) { options throws(BatchError) in
            let pa = TransformPlanes(a), pb = TransformPlanes(b)
            var shared = pa
            try Batch.concat(pa, pb, into: &shared, options: options)
            guard Array(pa).exactnessValues.map(\.bitPattern) == a.exactnessValues.map(\.bitPattern) else { return [] } // inputs kept
            return try Array(Batch.concat(pa, pb, options: options)).exactnessValues + Array(shared).exactnessValues
        }
    }

    static func concatPlanes(_ a: [Transform3D], byOne m: Transform3D) -> CatalogueCase {
        planesCase(
            "concat many-by-one (planes)", .concatManyByOne, count: a.count, reference: a.map { $0.concatenating(m) }.exactnessValues,
            budget: { a.flatMap { ExactnessBudget.concat($0, m) } }
        ) { options throws(BatchError) in
            let pa = TransformPlanes(a)
            var shared = pa
            try Batch.concat(pa, m, into: &shared, options: options)
            return try Array(Batch.concat(pa, m, options: options)).exactnessValues + Array(shared).exactnessValues
        }
    }

    static func concatPlanes(_ m: Transform3D, byMany b: [Transform3D]) -> CatalogueCase {
        planesCase(
            "concat one-by-many (planes)", .concatOneByMany, count: b.count, reference: b.map { m.concatenating($0) }.exactnessValues,
            budget: { b.flatMap { ExactnessBudget.concat(m, $0) } }
        ) { options throws(BatchError) in
            let pb = TransformPlanes(b)
            var shared = pb
            try Batch.concat(m, pb, into: &shared, options: options)
            return try Array(Batch.concat(m, pb, options: options)).exactnessValues + Array(shared).exactnessValues
        }
    }

    /// The planes invert, or with `affine` the planes invert affine (its value form and its `inout` form).
    static func invertPlanes(_ a: [Transform3D], affine: Bool = false) -> CatalogueCase {
        let singular = mask(a.map { $0.invertedIfPossible() == nil })
        return planesCase(
            affine ? "invert affine (planes)" : "invert (planes)", affine ? .invertAffine : .invert, count: a.count,
            reference: a.map { $0.inverted() }.exactnessValues + singular,
            budget: { a.flatMap(ExactnessBudget.invert) + Array(repeating: 0, count: a.count) }
        ) { options throws(BatchError) in
            let planes = TransformPlanes(a)
            let (inverses, flags) = affine ? try Batch.invertAffine(planes, options: options) : try Batch.invert(planes, options: options)
            var shared = planes, sharedFlags = [Bool](repeating: false, count: a.count)
            try sharedFlags.withUnsafeMutableBufferPointer { (f: inout UnsafeMutableBufferPointer<Bool>) throws(BatchError) in
                if affine {
                    try Batch.invertAffine(planes, into: &shared, singular: f, options: options)
                } else {
                    try Batch.invert(planes, into: &shared, singular: f, options: options)
                }
            }
            return Array(inverses).exactnessValues + mask(flags) + Array(shared).exactnessValues + mask(sharedFlags)
        }
    }

    static func mapPoints3Planes(_ points: [SIMD3<Double>], _ m: Transform3D) -> CatalogueCase {
        planesCase(
            "map points 3-D (planes)", .mapPoints3D, count: points.count, reference: points.map { m.mapPoint($0) }.exactnessValues,
            budget: { points.flatMap { ExactnessBudget.mapPoint($0, through: m) } }
        ) { options throws(BatchError) in
            let planes = Point3DPlanes(points)
            var shared = planes
            try Batch.mapPoints(planes, through: m, into: &shared, options: options)
            return try Array(Batch.mapPoints(planes, through: m, options: options)).exactnessValues + Array(shared).exactnessValues
        }
    }

    static func mapPoints2Planes(_ points: [SIMD2<Double>], _ h: Homography) -> CatalogueCase {
        planesCase(
            "map points 2-D (planes)", .mapPoints2D, count: points.count, reference: points.map { h.mapPoint($0) }.exactnessValues,
            budget: { points.flatMap { ExactnessBudget.mapPoint($0, through: h) } }
        ) { options throws(BatchError) in
            let planes = Point2DPlanes(points)
            var shared = planes
            try Batch.mapPoints(planes, through: h, into: &shared, options: options)
            return try Array(Batch.mapPoints(planes, through: h, options: options)).exactnessValues + Array(shared).exactnessValues
        }
    }

    static func mapPoints4(_ points: [SIMD4<Double>], _ m: Transform3D) -> CatalogueCase {
        CatalogueCase(
            "map points 4-D", .concatManyByOne, count: points.count, reference: twice(points.map { m.mapHomogeneous($0) }.exactnessValues),
            budget: {
                // Four points are the rows of one matrix: each takes its row's concat bounds; the tail is the reference.
                twice(
                    points.indices.flatMap { i -> [Double] in
                        guard i < points.count / 4 * 4 else { return [0, 0, 0, 0] }
                        let rows = (i / 4 * 4..<i / 4 * 4 + 4).flatMap { points[$0].exactnessValues }
                        return Array(ExactnessBudget.concat(Transform3D(elements: rows)!, m)[4 * (i % 4)..<4 * (i % 4) + 4])
                    })
            }
        ) { options throws(BatchError) in
            let inPlace = try inPlace(points) { p throws(BatchError) in
                try Batch.mapPoints(UnsafeBufferPointer(p), through: m, into: p, options: options)
            }
            return try Batch.mapPoints(points, through: m, options: options).exactnessValues + inPlace.exactnessValues
        }
    }

    static func invert(_ operation: BatchOperation, _ a: [Transform3D]) -> CatalogueCase {
        let singular = mask(a.map { $0.invertedIfPossible() == nil })
        return CatalogueCase(
            operation == .invert ? "invert" : "invert affine", operation, count: a.count,
            reference: twice(a.map { $0.inverted() }.exactnessValues + singular),
            budget: { twice(a.flatMap(ExactnessBudget.invert) + Array(repeating: 0, count: a.count)) }
        ) { options throws(BatchError) in
            let (inverses, flags) =
                operation == .invert ? try Batch.invert(a, options: options) : try Batch.invertAffine(a, options: options)
            var inPlaceFlags = [Bool](repeating: false, count: a.count)
            let inPlace = try inPlace(a) { p throws(BatchError) in
                try inPlaceFlags.withUnsafeMutableBufferPointer { (f: inout UnsafeMutableBufferPointer<Bool>) throws(BatchError) in
                    if operation == .invert {
                        try Batch.invert(UnsafeBufferPointer(p), into: p, singular: f, options: options)
                    } else {
                        try Batch.invertAffine(UnsafeBufferPointer(p), into: p, singular: f, options: options)
                    }
                }
            }
            return inverses.exactnessValues + mask(flags) + inPlace.exactnessValues + mask(inPlaceFlags)
        }
    }

    static func affineRoundTrip(_ a: [Transform3D]) -> CatalogueCase {
        let parts = a.map(\.affineTransform)
        return CatalogueCase(
            "affine round trip", .affineRoundTrip, count: a.count,
            reference: parts.exactnessValues + mask(a.map(\.isAffine)) + parts.map { Transform3D($0) }.exactnessValues
        ) { options throws(BatchError) in
            let (isAffine, affine) = try Batch.affineParts(of: a, options: options)
            return affine.exactnessValues + mask(isAffine) + (try Batch.makeTransforms(from: affine, options: options)).exactnessValues
        }
    }

    /// The array form, in place, and the stream form with strides other than SIMD3's (40 bytes in, 24 out: the
    /// strided kernel).
    static func mapPoints3(_ points: [SIMD3<Double>], _ m: Transform3D) -> CatalogueCase {
        let reference = points.map { m.mapPoint($0) }.exactnessValues
        return CatalogueCase(
            "map points 3-D", .mapPoints3D, count: points.count, reference: twice(reference) + reference,
            budget: {
                let b = points.flatMap { ExactnessBudget.mapPoint($0, through: m) }; return twice(b) + b
            }
        ) { options throws(BatchError) in
            let inPlace = try inPlace(points) { p throws(BatchError) in
                try Batch.mapPoints(UnsafeBufferPointer(p), through: m, into: p, options: options)
            }
            // The gaps of the input records hold NaN, which must not reach an output.
            let input = points.flatMap { [$0.x, $0.y, $0.z, .nan, .nan] }
            var streamed = [Double](repeating: 0, count: 3 * points.count)
            try input.withUnsafeBufferPointer { (i: UnsafeBufferPointer<Double>) throws(BatchError) in
                try streamed.withUnsafeMutableBufferPointer { (o: inout UnsafeMutableBufferPointer<Double>) throws(BatchError) in
                    try Batch.mapPoints(
                        UnsafeRawPointer(i.baseAddress), inStride: 40, through: m, into: UnsafeMutableRawPointer(o.baseAddress),
                        outStride: 24, count: points.count, options: options)
                }
            }
            return try Batch.mapPoints(points, through: m, options: options).exactnessValues + inPlace.exactnessValues + streamed
        }
    }

    static func mapPoints2(_ points: [SIMD2<Double>], _ h: Homography) -> CatalogueCase {
        CatalogueCase(
            "map points 2-D", .mapPoints2D, count: points.count, reference: twice(points.map { h.mapPoint($0) }.exactnessValues),
            budget: { twice(points.flatMap { ExactnessBudget.mapPoint($0, through: h) }) }
        ) { options throws(BatchError) in
            let inPlace = try inPlace(points) { p throws(BatchError) in
                try Batch.mapPoints(UnsafeBufferPointer(p), through: h, into: p, options: options)
            }
            return try Batch.mapPoints(points, through: h, options: options).exactnessValues + inPlace.exactnessValues
        }
    }

    static let methods: [Transform3D.DecompositionMethod] = [.keyPaths, .interpolation3D, .interpolation2D]

    static func decompose(_ a: [Transform3D]) -> CatalogueCase {
        CatalogueCase(
            "decompose", .decompose, count: a.count,
            reference: methods.flatMap { method in a.map { $0.decomposed(method) }.flatMap(\.exactnessValues) }
        ) { options throws(BatchError) in
            var out: [Double] = []
            for method in methods { out += try Batch.decompose(a, method: method, options: options).flatMap(\.exactnessValues) }
            return out
        }
    }

    static func readKeyPaths(_ a: [Transform3D]) -> CatalogueCase {
        CatalogueCase(
            "key-path read", .keyPathRead, count: a.count,
            reference: TransformKeyPath.allCases.flatMap { k in a.map { $0.value(for: k) }.flatMap(\.exactnessValues) }
        ) { options throws(BatchError) in
            var out: [Double] = []
            for keyPath in TransformKeyPath.allCases {
                out += try Batch.values(for: keyPath, of: a, options: options).flatMap(\.exactnessValues)
            }
            return out
        }
    }

    static func writeKeyPaths(_ a: [Transform3D], _ values: [TransformKeyPathValue]) -> CatalogueCase {
        let reference = TransformKeyPath.allCases.flatMap { keyPath -> [Double] in
            let written = zip(a, values).map { try? $0.setting(keyPath, to: $1) }
            return zip(a, written).map { $1 ?? $0 }.exactnessValues + mask(written.map { $0 == nil })
        }
        return CatalogueCase("key-path write", .keyPathWrite, count: a.count, reference: reference) { options throws(BatchError) in
            var out: [Double] = []
            for keyPath in TransformKeyPath.allCases {
                let (written, refused) = try Batch.setting(keyPath, of: a, to: values, options: options)
                out += written.exactnessValues + mask(refused)
            }
            return out
        }
    }

    static func blend(_ a: [Transform3D], _ b: [Transform3D], _ fractions: [Double]) -> CatalogueCase {
        CatalogueCase(
            "blend", .blend, count: a.count * fractions.count,
            reference: fractions.flatMap { f in zip(a, b).map { $0.interpolated(to: $1, fraction: f) }.exactnessValues },
            budget: { fractions.flatMap { f in zip(a, b).flatMap { ExactnessBudget.interpolation(from: $0, to: $1, fraction: f) } } }
        ) { options throws(BatchError) in
            var out: [Double] = []
            for f in fractions { out += try Batch.interpolate(from: a, to: b, fraction: f, options: options).exactnessValues }
            return out
        }
    }

    static func blendPlan(_ a: [Transform3D], _ b: [Transform3D], _ fractions: [Double], _ perElement: [Double]) -> CatalogueCase {
        let pairs = Array(zip(a, b)), each = Array(zip(pairs, perElement))
        return CatalogueCase(
            "blend (plan)", .blendPrepared, count: a.count * (fractions.count + 1),
            reference: fractions.flatMap { f in pairs.map { $0.interpolated(to: $1, fraction: f) }.exactnessValues }
                + each.map { $0.0.interpolated(to: $0.1, fraction: $1) }.exactnessValues,
            budget: {
                fractions.flatMap { f in pairs.flatMap { ExactnessBudget.interpolation(from: $0, to: $1, fraction: f) } }
                    + each.flatMap { ExactnessBudget.interpolation(from: $0.0, to: $0.1, fraction: $1) }
            }
        ) { options throws(BatchError) in
            let plan = try InterpolationPlan(from: a, to: b, instructionSet: options.instructionSet)
            var out: [Double] = []
            for f in fractions { out += try plan.interpolate(fraction: f, options: options).exactnessValues }
            return out + (try plan.interpolate(fractions: perElement, options: options)).exactnessValues
        }
    }
}
