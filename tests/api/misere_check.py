"""What every misère quotient document must satisfy, for the misère API
tests: a commutative monoid with identity 0, associative, and reduced
(distinct elements are told apart by some product's membership in P),
presented by generators that are heap images, make the whole monoid, and
of which none is made by the others (a minimal set, as published
presentations and MisereSolver's are)."""


def _span(t, gens):
    seen, todo = {0}, [0]
    while todo:
        x = todo.pop()
        for g in gens:
            y = t[x][g]
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def check_presentation(doc):
    t, img = doc["table"], doc["heap_images"]
    gens = doc["presentation"]["generators"]
    heaps = [g["heap"] for g in gens]
    assert heaps == sorted(set(heaps))
    elems = [img[h] for h in heaps if h < len(img)]
    if len(elems) < len(heaps):
        return  # a generator past the heaps listed: only the order is checkable
    assert len(_span(t, elems)) == doc["order"]
    for i, e in enumerate(elems):
        assert e not in _span(t, elems[:i] + elems[i + 1:]), ("generator made by the others",
                                                            heaps[i])
    # each generator's element is named by its letter alone
    for g, e in zip(gens, elems):
        assert doc["elements"][e] == g["name"]


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
    check_presentation(doc)
