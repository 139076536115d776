"""The ristretto255 group of the deal (pygame_core/deal/ristretto.py) against the test vectors
of RFC 9496, and property tests of the operations the deal relies on (hypothesis)."""
from __future__ import annotations

import hashlib

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pygame_core.deal import ristretto as r

# RFC 9496, Appendix A.1 (multiples of the generator): the encodings of 0*B .. 15*B.
MULTIPLES = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
]

# RFC 9496, Appendix A.2 (invalid encodings): every one must be rejected.
INVALID = [
    # non-canonical field encodings
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    # negative field elements
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    # non-square x^2
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    # negative xy value
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    # s = -1, which causes y = 0
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]

# RFC 9496, Appendix A.3 (group elements from uniform byte strings): 64-byte inputs and the
# encodings of the elements derived from them. (The inputs are the SHA-512 digests of the
# sentences of SENTENCES, which is how the vectors were made.)
HASH_TO_GROUP = [
    ("5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c1"
     "4d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6",
     "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46"),
    ("f116b34b8f17ceb56e8732a60d913dd10cce47a6d53bee9204be8b44f6678b27"
     "0102a56902e2488c46120e9276cfe54638286b9e4b3cdb470b542d46c2068d38",
     "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b"),
    ("8422e1bbdaab52938b81fd602effb6f89110e1e57208ad12d9ad767e2e25510c"
     "27140775f9337088b982d83d7fcf0b2fa1edffe51952cbe7365e95c86eaf325c",
     "006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826"),
    ("ac22415129b61427bf464e17baee8db65940c233b98afce8d17c57beeb7876c2"
     "150d15af1cb1fb824bbd14955f2b57d08d388aab431a391cfc33d5bafb5dbbaf",
     "f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a"),
    ("165d697a1ef3d5cf3c38565beefcf88c0f282b8e7dbd28544c483432f1cec767"
     "5debea8ebb4e5fe7d6f6e5db15f15587ac4d4d4a1de7191e0c1ca6664abcc413",
     "ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179"),
    ("a836e6c9a9ca9f1e8d486273ad56a78c70cf18f0ce10abb1c7172ddd605d7fd2"
     "979854f47ae1ccf204a33102095b4200e5befc0465accc263175485f0e17ea5c",
     "e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628"),
    ("2cdc11eaeb95daf01189417cdddbf95952993aa9cb9c640eb5058d09702c7462"
     "2c9965a697a3b345ec24ee56335b556e677b30e6f90ac77d781064f866a3c982",
     "80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065"),
]
SENTENCES = [
    "Ristretto is traditionally a short shot of espresso coffee",
    "made with the normal amount of ground coffee but extracted with",
    "about half the amount of water in the same amount of time",
    "by using a finer grind.",
    "This produces a concentrated shot of coffee per volume.",
    "Just pulling a normal shot short will produce a weaker shot",
    "and is not a Ristretto as some believe.",
]


def test_constants_are_what_rfc_9496_defines():
    p = r.P
    assert (r.D * 121666 + 121665) % p == 0
    assert r.SQRT_M1 ** 2 % p == p - 1
    assert r.SQRT_AD_MINUS_ONE ** 2 % p == (-r.D - 1) % p                    # a = -1
    assert r.INVSQRT_A_MINUS_D ** 2 * (-1 - r.D) % p == 1
    assert r.ONE_MINUS_D_SQ == (1 - r.D * r.D) % p
    assert r.D_MINUS_ONE_SQ == (r.D - 1) ** 2 % p


@pytest.mark.parametrize("k", range(16))
def test_multiples_of_the_generator(k):
    want = bytes.fromhex(MULTIPLES[k])
    assert r.encode(r.mul(k, r.BASE)) == want
    assert r.encode(r.base_mul(k)) == want
    acc = r.IDENTITY
    for _ in range(k):
        acc = r.add(acc, r.BASE)
    assert r.encode(acc) == want
    assert r.encode(r.decode(want)) == want


def test_non_canonical_aliases_of_the_multiples_are_rejected():
    for h in MULTIPLES[1:]:
        s = int.from_bytes(bytes.fromhex(h), "little")
        for alias in (s + r.P, 2 * r.P - s):
            if alias < 2 ** 256:
                with pytest.raises(r.EncodingError):
                    r.decode(alias.to_bytes(32, "little"))


@pytest.mark.parametrize("h", INVALID)
def test_invalid_encodings_are_rejected(h):
    with pytest.raises(r.EncodingError):
        r.decode(bytes.fromhex(h))


@pytest.mark.parametrize("data,want", HASH_TO_GROUP)
def test_hash_to_group_vectors(data, want):
    pt = r.from_uniform_bytes(bytes.fromhex(data))
    assert r.encode(pt).hex() == want


def test_the_hash_to_group_inputs_are_the_digests_of_the_sentences():
    assert [hashlib.sha512(s.encode()).hexdigest() for s in SENTENCES] == \
        [data for data, _ in HASH_TO_GROUP]


def test_wrong_lengths_and_types_are_refused():
    for bad in (b"", b"\0" * 31, b"\0" * 33, "00" * 32, None):
        with pytest.raises(r.EncodingError):
            r.decode(bad)
    with pytest.raises(ValueError):
        r.from_uniform_bytes(b"\0" * 63)
    with pytest.raises(r.EncodingError):
        r.scalar_decode(r.L.to_bytes(32, "little"))
    with pytest.raises(ZeroDivisionError):
        r.scalar_inverse(r.L)


# --------------------------------------------------------------------------- properties
scalars = st.integers(min_value=1, max_value=r.L - 1)
elements = st.binary(min_size=64, max_size=64).map(r.from_uniform_bytes)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(a=scalars, b=scalars, m=elements)
def test_locks_commute_and_come_off_in_any_order(a, b, m):
    ab = r.mul(a, r.mul(b, m))
    assert r.equal(ab, r.mul(b, r.mul(a, m)))
    assert r.encode(ab) == r.encode(r.mul(a * b, m))
    assert r.equal(r.mul(r.scalar_inverse(a), ab), r.mul(b, m))
    assert r.equal(r.mul(r.scalar_inverse(b), r.mul(r.scalar_inverse(a), ab)), m)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(a=scalars, m=elements, n=elements)
def test_group_laws(a, m, n):
    assert r.equal(r.add(m, n), r.add(n, m))
    assert r.equal(r.add(m, r.neg(m)), r.IDENTITY)
    assert r.equal(r.mul(a, r.add(m, n)), r.add(r.mul(a, m), r.mul(a, n)))
    assert r.equal(r.double(m), r.add(m, m))
    assert r.equal(r.mul(r.L, m), r.IDENTITY) and r.equal(r.mul(r.L + a, m), r.mul(a, m))
    assert r.equal(r.base_mul(a), r.mul(a, r.BASE))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(m=elements, k=scalars)
def test_encoding_round_trip_and_hash_lands_in_the_group(m, k):
    enc = r.encode(m)
    back = r.decode(enc)                  # a valid canonical encoding: in the group
    assert r.equal(back, m) and r.encode(back) == enc
    assert r.equal(r.mul(r.L, back), r.IDENTITY)          # prime order: no small component
    other = r.mul(k, m)
    assert r.encode(other) == r.encode(r.decode(r.encode(other)))
    assert r.scalar_decode(r.scalar_to_bytes(k)) == k


@settings(max_examples=200, deadline=None, derandomize=True)
@given(data=st.binary(min_size=32, max_size=32))
def test_decode_accepts_only_canonical_encodings(data):
    try:
        pt = r.decode(data)
    except r.EncodingError:
        return
    assert r.encode(pt) == data


# --------------------------------------------------------------------------- proofs
@settings(max_examples=10, deadline=None, derandomize=True)
@given(a=scalars, w=elements, other=scalars)
def test_chaum_pedersen_proofs(a, w, other):
    from pygame_core.deal.proofs import dleq_prove, dleq_verify
    assume(not r.equal(w, r.IDENTITY))     # the identity is every multiple of itself
    a_pt, x_pt = r.base_mul(a), r.mul(a, w)
    proof = dleq_prove(a, w, b"context", b"nonce key")
    assert len(proof) == 64 and dleq_verify(a_pt, w, x_pt, proof, b"context")
    assert dleq_prove(a, w, b"context", b"nonce key") == proof            # deterministic
    assert not dleq_verify(a_pt, w, x_pt, proof, b"another context")
    if other != a:
        assert not dleq_verify(a_pt, w, r.mul(other, w), proof, b"context")
        assert not dleq_verify(r.base_mul(other), w, x_pt, proof, b"context")
    for bad in (proof[:63], proof[::-1], b"\xff" * 64, None):
        assert not dleq_verify(a_pt, w, x_pt, bad, b"context")
