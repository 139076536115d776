"""A fair deal of hidden tiles or cards with no dealer and no server ("mental poker").

A leaf package (it imports nothing else of ``pygame_core``): ``ristretto`` is the prime-order
group, ``proofs`` the zero-knowledge proofs over it, ``protocol`` the deal's messages and
their checks, ``players`` a player that plays its part of a deal by exchanging only bytes.
docs/deal.md describes the protocol, its hop count, sizes and timings.
"""
