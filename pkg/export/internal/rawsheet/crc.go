package rawsheet

// The CRC-32 of a zip entry covers its bytes in order, but the chunks of a
// part are checksummed apart, each by the worker that deflates it, and the
// placeholder's head comes before them all. crc32Combine gives the CRC of
// A followed by B from the CRCs of A and B and the length of B.
//
// The math: CRC-32 (IEEE, as hash/crc32 computes it) is linear over GF(2)
// apart from its pre- and post-inversion, which cancel here, so
// crc(A‖B) = crc(A)·x^(8·len(B)) mod P ⊕ crc(B), where P is the CRC
// polynomial. Polynomials are held as hash/crc32 holds them, reflected:
// bit 31 is the coefficient of x⁰, bit 0 that of x³¹.

// crcPoly is the reflected IEEE polynomial (hash/crc32.IEEE).
const crcPoly = 0xEDB88320

// gfMul is a·b mod P.
func gfMul(a, b uint32) uint32 {
	var p uint32
	for bit := uint32(1) << 31; bit != 0; bit >>= 1 {
		if a&bit != 0 {
			p ^= b
		}
		// b·x: one place towards x³¹, reduced by P when it would overflow.
		if b&1 != 0 {
			b = b>>1 ^ crcPoly
		} else {
			b >>= 1
		}
	}
	return p
}

// xPow8 is x^(8n) mod P, by squaring.
func xPow8(n int64) uint32 {
	result := uint32(1) << 31       // x⁰
	square := uint32(1) << (31 - 8) // x⁸
	for ; n > 0; n >>= 1 {
		if n&1 != 0 {
			result = gfMul(result, square)
		}
		square = gfMul(square, square)
	}
	return result
}

// crc32Combine is the CRC-32 of A‖B, given crcA, crcB and len(B).
func crc32Combine(crcA, crcB uint32, lenB int64) uint32 {
	if lenB == 0 {
		return crcA
	}
	return gfMul(crcA, xPow8(lenB)) ^ crcB
}
