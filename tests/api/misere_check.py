"""What every misère quotient document must satisfy, for the misère API
tests: a commutative monoid with identity 0, associative, and reduced
(distinct elements are told apart by some product's membership in P)."""


def check_quotient_algebra(doc):
    m, t, p = doc["order"], doc["table"], set(doc["p_positions"])
    assert len(t) == m and all(len(row) == m for row in t)
    assert len(doc["elements"]) == m and doc["identity"] == 0
    for a in range(m):
        assert t[0][a] == a
        for b in range(m):
            assert t[a][b] == t[b][a]
            for c in range(m):
                assert t[t[a][b]][c] == t[a][t[b][c]]
    for a in range(m):  # reduced
        for b in range(a + 1, m):
            assert any((t[a][c] in p) != (t[b][c] in p) for c in range(m)), (a, b)
