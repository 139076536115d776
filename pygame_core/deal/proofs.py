"""Hashes and proofs over ristretto255 for the deal.

* :func:`dleq_prove` / :func:`dleq_verify`: a Chaum-Pedersen proof (Chaum and Pedersen,
  *Wallet Databases with Observers*, CRYPTO 1992) that two discrete logarithms are equal,
  ``log_B(A) == log_W(X)``, made non-interactive by the Fiat-Shamir heuristic: the challenge
  is SHA-512 of a domain-separated transcript holding the caller's context (the game id, the
  step, the players and the position, so a proof cannot be replayed elsewhere) and every
  element of the statement. The nonce is derived from the secret and the transcript (as in
  EdDSA), so proving is deterministic and a nonce is never reused for two statements.
  A proof is 64 bytes: the challenge and the response.
* :func:`hash_to_scalar`, :func:`hash_to_element`, :func:`commitment`: domain-separated
  derivations (every input is length-prefixed, so two different lists never hash alike).
"""
from __future__ import annotations

import hashlib

from . import ristretto as r

DOMAIN = b"boardwright/deal/v1/"
PROOF_BYTES = 64


def _frame(label: bytes, parts) -> bytes:
    out = [DOMAIN, label, b"\0"]
    for part in parts:
        if isinstance(part, int):
            part = part.to_bytes(8, "little")
        elif isinstance(part, str):
            part = part.encode("utf-8")
        out.append(len(part).to_bytes(4, "little"))
        out.append(bytes(part))
    return b"".join(out)


def digest(label: bytes, *parts) -> bytes:
    """SHA-512 of a domain-separated, length-prefixed list of byte strings, str or ints."""
    return hashlib.sha512(_frame(label, parts)).digest()


def hash_to_scalar(label: bytes, *parts) -> int:
    """A scalar modulo L derived from the parts, never zero."""
    return r.scalar_from_bytes(digest(label, *parts)) or 1


def hash_to_element(label: bytes, *parts):
    """A group element derived from the parts whose discrete logarithm nobody knows."""
    return r.from_uniform_bytes(digest(label, *parts))


def commitment(*parts) -> bytes:
    """A 32-byte hash commitment to the parts (binding; hiding when a part is a secret seed)."""
    return digest(b"commit", *parts)[:32]


def _challenge(context: bytes, statement: list[bytes], t1, t2) -> int:
    return r.scalar_from_bytes(digest(b"dleq", context, *statement, r.encode(t1), r.encode(t2)))


def dleq_prove(secret: int, w, context: bytes, nonce_key: bytes, a_enc: bytes | None = None,
               x_pt=None) -> bytes:
    """A proof that ``A = secret*B`` and ``X = secret*W`` have the same discrete logarithm.
    ``nonce_key`` is secret material of the prover (it makes the nonce unpredictable to
    others); the caller may pass A's encoding and X when it has them (they are computed
    otherwise)."""
    a_enc = a_enc or r.encode(r.base_mul(secret))
    x_pt = x_pt or r.mul(secret, w)
    statement = [a_enc, r.encode(w), r.encode(x_pt)]
    nonce = hash_to_scalar(b"dleq-nonce", nonce_key, r.scalar_to_bytes(secret), context,
                           *statement)
    c = _challenge(context, statement, r.base_mul(nonce), r.mul(nonce, w))
    z = (nonce + c * secret) % r.L
    return r.scalar_to_bytes(c) + r.scalar_to_bytes(z)


def dleq_verify(a_pt, w, x_pt, proof: bytes, context: bytes, a_enc: bytes | None = None) -> bool:
    """Whether ``proof`` shows ``log_B(a_pt) == log_w(x_pt)`` for this context. Never raises
    on a malformed proof: it is then false."""
    if not isinstance(proof, (bytes, bytearray)) or len(proof) != PROOF_BYTES:
        return False
    c = int.from_bytes(proof[:32], "little")
    z = int.from_bytes(proof[32:], "little")
    if c >= r.L or z >= r.L:
        return False
    t1 = r.add(r.base_mul(z), r.neg(r.mul(c, a_pt)))
    t2 = r.add(r.mul(z, w), r.neg(r.mul(c, x_pt)))
    statement = [a_enc or r.encode(a_pt), r.encode(w), r.encode(x_pt)]
    return _challenge(context, statement, t1, t2) == c
