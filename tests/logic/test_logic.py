"""Human-style techniques: each one on a board where it applies, and the logic API.

Each example board was met while solving a puzzle of the test collections; the step the
technique makes there is pinned, and checked against the board's one solution.
"""

from __future__ import annotations

import random

import pytest
from test_logic_als_family import EXAMPLES as ALS_FAMILY_EXAMPLES

from sudokit import Grid, count_solutions, is_solution, solve
from sudokit.candidates import Candidates
from sudokit.logic import BY_KEY, LADDER, Level, Step, next_step, solve_path
from sudokit.logic.path import SKIPPED_NO_SOLUTION, SKIPPED_NOT_UNIQUE
from support.boards import pencilmarks

#: technique -> (candidate board, 81 cells in reading order; the step expected)
EXAMPLES = {
    "full-house": (
        "1279 3 267 5 1279 4 69 8 179 "
        "789 5678 4 79 3 17 569 2 1579 "
        "1279 17 57 8 279 6 349 1345 1379 "
        "3 2 8 1 4 9 7 5 6 "
        "6 47 9 2 5 37 1 34 8 "
        "47 457 1 367 67 8 2345 9 235 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 26 3469 1689 123 2359 7 12359 "
        "5 9 267 367 1678 1237 23 136 4 ",
        "Full House [r4c8]: r4c8=5",
    ),
    "hidden-single": (
        "12789 3 26789 5 1279 1247 4679 1468 1789 "
        "1789 15678 4 179 3 17 5679 2 15789 "
        "1279 157 2579 8 1279 6 34579 1345 13579 "
        "378 2 578 137 4 9 357 358 6 "
        "6 478 789 2 5 37 1 348 378 "
        "347 457 1 367 67 8 23457 9 2357 "
        "1247 1467 3 14679 12679 5 8 16 129 "
        "1248 1468 268 13469 12689 1234 23569 7 12359 "
        "5 9 2678 1367 12678 1237 236 136 4 ",
        "Hidden Single [r1c6]: r1c6=4",
    ),
    "naked-single": (
        "12789 3 2678 5 1279 4 69 8 1789 "
        "1789 15678 4 79 3 17 5679 2 15789 "
        "1279 17 57 8 1279 6 3479 1345 1379 "
        "378 2 578 1 4 9 37 358 6 "
        "6 478 9 2 5 37 1 348 378 "
        "347 457 1 367 67 8 23457 9 235 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 268 3469 1689 123 2359 7 12359 "
        "5 9 2678 367 1678 1237 23 136 4 ",
        "Naked Single [r1c8]: r1c8=8",
    ),
    "pointing": (
        "12789 3 2678 5 1279 4 679 168 1789 "
        "1789 15678 4 79 3 17 5679 2 15789 "
        "1279 157 257 8 1279 6 34579 1345 13579 "
        "378 2 578 1 4 9 357 358 6 "
        "6 478 9 2 5 37 1 348 378 "
        "347 457 1 367 67 8 23457 9 2357 "
        "1247 1467 3 4679 12679 5 8 16 129 "
        "1248 1468 268 3469 12689 123 23569 7 12359 "
        "5 9 2678 367 12678 1237 236 136 4 ",
        "Pointing [r1c5 r3c5]: r7c5,r8c5,r9c5<>2",
    ),
    "claiming": (
        "1247 3 1679 8 479 19 26 126 5 "
        "1278 1278 178 5 37 6 238 4 9 "
        "148 14689 5 349 2 139 368 168 7 "
        "9 12578 1378 3467 346 238 45678 5678 146 "
        "12378 1278 4 3679 5 2389 6789 6789 16 "
        "6 578 78 1 49 89 45789 3 2 "
        "13458 14689 2 369 13689 7 4569 569 46 "
        "1478 146789 16789 269 1689 5 24679 2679 3 "
        "357 679 3679 2369 369 4 1 25679 8 ",
        "Claiming [r2c1 r2c2 r2c3]: r1c1,r1c3,r3c1,r3c2<>1",
    ),
    "naked-pair": (
        "1279 3 267 5 1279 4 69 8 179 "
        "789 678 4 79 3 17 569 2 1579 "
        "1279 17 5 8 279 6 349 34 1379 "
        "3 2 8 1 4 9 7 5 6 "
        "6 47 9 2 5 37 1 34 8 "
        "47 5 1 367 67 8 234 9 23 "
        "1247 1467 3 4679 1679 5 8 16 29 "
        "1248 1468 26 3469 169 123 2359 7 2359 "
        "5 9 267 367 8 1237 23 136 4 ",
        "Naked Pair [r3c8 r5c8]: r9c8<>3",
    ),
    "hidden-pair": (
        "1279 3 267 5 1279 4 69 8 179 "
        "789 678 4 79 3 17 569 2 1579 "
        "1279 17 5 8 279 6 349 34 1379 "
        "3 2 8 1 4 9 7 5 6 "
        "6 47 9 2 5 37 1 34 8 "
        "47 5 1 367 67 8 234 9 23 "
        "127 147 3 4679 1679 5 8 16 29 "
        "1248 1468 26 3469 169 123 2359 7 2359 "
        "5 9 267 367 8 1237 23 16 4 ",
        "Hidden Pair [r2c2 r8c2]: r8c2<>1, r8c2<>4, r2c2<>7",
    ),
    "naked-triple": (
        "179 3 2 5 179 4 6 8 17 "
        "8 6 4 79 3 17 59 2 157 "
        "179 17 5 8 2 6 349 34 137 "
        "3 2 8 1 4 9 7 5 6 "
        "6 47 9 2 5 37 1 34 8 "
        "47 5 1 367 67 8 34 9 2 "
        "2 14 3 467 167 5 8 16 9 "
        "14 8 6 49 19 123 235 7 35 "
        "5 9 7 36 8 123 23 16 4 ",
        "Naked Triple [r8c1 r8c4 r8c5]: r8c6<>1",
    ),
    "hidden-triple": (
        "5 134 6 147 2 1379 8 1379 37 "
        "8 134 14 457 345 13579 13479 6 2 "
        "9 2 7 148 6 138 134 135 35 "
        "2 1568 3 1568 58 4 79 79 68 "
        "67 6789 89 2 38 368 5 4 1 "
        "4 1568 18 9 7 1568 23 23 68 "
        "37 4789 2489 4578 1 578 6 2357 357 "
        "13 67 5 67 9 2 13 8 4 "
        "167 678 248 3 458 5678 127 1257 9 ",
        "Hidden Triple [r7c2 r7c3 r9c3]: r7c2<>7, r7c2,r7c3,r9c3<>8",
    ),
    "x-wing": (
        "12789 3 2678 5 1279 4 679 168 1789 "
        "1789 15678 4 79 3 17 5679 2 15789 "
        "1279 157 257 8 1279 6 34579 1345 13579 "
        "378 2 578 1 4 9 357 358 6 "
        "6 478 9 2 5 37 1 348 378 "
        "347 457 1 367 67 8 23457 9 2357 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 268 3469 1689 123 23569 7 12359 "
        "5 9 2678 367 1678 1237 236 136 4 ",
        "X-Wing [r3c3 r3c8 r4c3 r4c8]: r3c2,r3c7,r3c9,r4c7<>5",
    ),
    "skyscraper": (
        "1279 3 267 5 1279 4 69 8 179 "
        "789 678 4 79 3 17 569 2 1579 "
        "1279 17 5 8 279 6 349 134 1379 "
        "3 2 8 1 4 9 7 5 6 "
        "6 47 9 2 5 37 1 34 8 "
        "47 5 1 367 67 8 234 9 23 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 26 3469 169 123 2359 7 12359 "
        "5 9 267 367 8 1237 23 136 4 ",
        "Skyscraper [r2c6 r2c9 r9c6 r9c8]: r3c8,r7c9,r8c9<>1",
    ),
    "2-string-kite": (
        "47 3 69 8 47 19 26 126 5 "
        "1278 1278 178 5 37 6 38 4 9 "
        "48 69 5 349 2 139 368 168 7 "
        "9 12578 1378 3467 346 238 45678 5678 146 "
        "12378 1278 4 3679 5 2389 6789 6789 16 "
        "6 578 78 1 49 89 45789 3 2 "
        "1358 14689 2 369 18 7 4569 569 46 "
        "178 146789 16789 269 18 5 24679 2679 3 "
        "357 679 3679 2369 369 4 1 25679 8 ",
        "2-String Kite [r4c3 r7c1 r7c4 r9c3]: r4c4<>3",
    ),
    "finned-x-wing": (
        "1 3456 2 378 456 378 67 9 348 "
        "468 346 7 29 46 29 5 1348 1348 "
        "9 3456 468 378 456 1 67 2 348 "
        "45 1 349 23789 2789 6 29 3457 234579 "
        "456 2 3469 379 1 379 8 3457 34579 "
        "7 8 39 4 29 5 1 6 239 "
        "2 69 1 5 3 789 4 78 6789 "
        "3 7 68 1 89 4 29 58 25689 "
        "48 49 5 6 2789 2789 3 178 1789 ",
        "Finned X-Wing [r2c1 r2c8 r7c8 r8c8 r9c1 r9c8]: r9c9<>8",
    ),
    "sashimi-x-wing": (
        "1348 13468 1468 3689 7 3469 13469 5 2 "
        "345 2 7 3569 359 1 8 39 469 "
        "13458 9 1468 23568 358 2346 1346 7 146 "
        "189 1568 2 3569 4 7 1359 1389 1589 "
        "149 145 3 59 2 8 1459 6 7 "
        "7 4568 4689 1 359 369 2 389 4589 "
        "6 18 189 4 189 5 7 2 3 "
        "2 138 5 7 6 39 19 4 189 "
        "13489 7 1489 2389 1389 239 56 189 56 ",
        "Sashimi X-Wing [r2c1 r2c9 r6c2 r6c3 r6c9]: r5c1<>4",
    ),
    "swordfish": (
        "1 7 6 59 58 4 29 38 238 "
        "3 49 489 6 1 2 7 5 89 "
        "2 5 89 89 7 3 16 4 16 "
        "49 123 1237 124 26 5 8 367 2379 "
        "89 123 5 128 268 79 4 367 2379 "
        "6 48 27 48 3 79 29 1 5 "
        "5 69 139 7 4 8 136 2 16 "
        "48 123 123 25 9 6 135 78 478 "
        "7 68 24 3 25 1 56 9 48 ",
        "Swordfish [r1c5 r1c8 r5c1 r5c5 r8c1 r8c8]: r1c9,r5c4,r8c9<>8",
    ),
    "xy-wing": (
        "1279 3 267 5 1279 4 69 8 179 "
        "1789 15678 4 79 3 17 569 2 1579 "
        "1279 17 57 8 1279 6 349 1345 1379 "
        "378 2 578 1 4 9 37 35 6 "
        "6 47 9 2 5 37 1 34 8 "
        "347 457 1 367 67 8 23457 9 235 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 268 3469 1689 123 2359 7 12359 "
        "5 9 2678 367 1678 1237 23 136 4 ",
        "XY-Wing [r4c7 r5c2 r5c8]: r4c1,r4c3<>7",
    ),
    "xyz-wing": (
        "47 3 69 8 47 19 26 126 5 "
        "1278 1278 18 5 37 6 38 4 9 "
        "48 69 5 34 2 19 368 168 7 "
        "9 128 138 467 46 23 45678 5678 146 "
        "1238 128 4 679 5 23 6789 6789 16 "
        "6 5 7 1 49 8 49 3 2 "
        "1358 14689 2 369 18 7 4569 569 46 "
        "178 146789 1689 269 18 5 24679 2679 3 "
        "357 679 369 2369 369 4 1 25679 8 ",
        "XYZ-Wing [r4c5 r4c9 r5c9]: r4c7,r4c8<>6",
    ),
    "w-wing": (
        "1279 3 267 5 1279 4 69 8 179 "
        "1789 15678 4 79 3 17 569 2 1579 "
        "1279 17 57 8 1279 6 349 1345 1379 "
        "38 2 58 1 4 9 7 35 6 "
        "6 47 9 2 5 37 1 34 8 "
        "347 457 1 367 67 8 2345 9 235 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 268 3469 1689 123 2359 7 12359 "
        "5 9 2678 367 1678 1237 23 136 4 ",
        "W-Wing [r2c6 r3c2 r5c2 r5c6]: r2c1,r2c2,r3c5<>1",
    ),
    "empty-rectangle": (
        "1348 13468 1468 3689 7 3469 13469 5 2 "
        "345 2 7 3569 359 1 8 39 469 "
        "13458 9 1468 23568 358 2346 1346 7 146 "
        "189 1568 2 3569 4 7 1359 1389 1589 "
        "19 145 3 59 2 8 1459 6 7 "
        "7 4568 468 1 359 369 2 389 4589 "
        "6 18 9 4 18 5 7 2 3 "
        "2 138 5 7 6 39 19 4 189 "
        "1348 7 148 2389 1389 239 56 189 56 ",
        "Empty Rectangle [r4c8 r7c2 r8c2 r9c1 r9c3 r9c8]: r4c2<>1",
    ),
    "unique-rectangle-1": (
        "239 2349 29 245 45 78 1 78 6 "
        "28 5 6 2478 1 9 24 78 3 "
        "128 124 7 248 3 6 249 5 249 "
        "29 269 8 59 56 1 3 4 7 "
        "139 1369 5 3479 468 37 289 16 29 "
        "7 1369 4 39 68 2 589 16 59 "
        "5 29 29 1 7 4 6 3 8 "
        "6 7 1 38 2 38 45 9 45 "
        "4 8 3 6 9 5 7 2 1 ",
        "Unique Rectangle Type 1 [r1c2 r1c3 r7c2 r7c3]: r1c2<>2, r1c2<>9",
    ),
    "unique-rectangle-2": (
        "18 2 3 4 18 5 6 9 7 "
        "58 67 567 26 268 9 4 3 1 "
        "9 16 4 167 3 17 2 8 5 "
        "125 167 2567 3 25 27 8 4 9 "
        "3 59 259 8 259 4 7 1 6 "
        "4 8 79 17 19 6 5 2 3 "
        "25 3 1 56 46 28 9 7 48 "
        "6 4 8 9 7 3 1 5 2 "
        "7 59 259 125 124 128 3 6 48 ",
        "Unique Rectangle Type 2 [r5c2 r5c3 r9c2 r9c3]: r4c3<>2",
    ),
    "simple-colouring": (
        "458 3 2458 48 24678 24678 45789 1 5789 "
        "6 9 2458 148 12478 2478 4578 23457 3578 "
        "148 7 1248 5 9 3 48 246 68 "
        "2 456 489 489 4578 1 3 4567 5679 "
        "13489 1456 13489 389 234578 2478 4579 4567 15679 "
        "13 145 7 6 345 49 2 8 159 "
        "345 8 3456 7 346 46 1 9 2 "
        "7 14 1349 2 1348 89 6 35 358 "
        "19 2 136 1389 1368 5 78 37 4 ",
        "Simple Colouring [r5c1 r6c6 r6c9 r8c3 r8c6 r9c1 r9c4]: r5c7,r5c9<>9",
    ),
    "multi-colouring": (
        "135 135 247 9 2347 1247 237 8 6 189 368 247 1248 2348 124678 5 234 2379 389 368 247 "
        "2478 5 24678 2379 234 1 135 2 6 17 78 9 378 15 4 7 13 8 5 24 124 6 9 23 4 159 159 3 "
        "6 278 278 15 278 2 1589 159 47 47 3 189 6 589 158 4 135 6 9 258 1238 7 258 6 7 359 "
        "28 1 258 4 23 2589",
        "Multi-Colouring [r1c5 r2c5 r2c9 r4c1 r4c7 r5c2 r5c9]: r1c1<>3",
    ),
    # built on a solved grid: two diagonal corners hold {1,5}, the other two {1,5,6}
    "unique-rectangle-5": (
        "15 36 4 156 7 8 9 1 2 "
        "156 7 2 15 9 5 3 4 8 "
        "1 9 8 3 4 2 5 6 7 "
        "8 5 9 7 6 1 4 2 3 "
        "4 2 6 8 5 3 7 9 1 "
        "7 1 3 9 2 4 8 5 6 "
        "9 6 1 5 3 7 2 8 4 "
        "2 8 7 4 1 9 6 3 5 "
        "3 4 5 2 8 6 1 7 9 ",
        "Unique Rectangle Type 5 [r1c1 r1c4 r2c1 r2c4]: r1c2<>6",
    ),
    "unique-rectangle-4": (
        "1 3456 2 378 456 378 67 9 348 "
        "468 346 7 2 46 9 5 1348 1348 "
        "9 3456 468 378 456 1 67 2 348 "
        "45 1 349 3789 78 6 29 345 234579 "
        "456 2 3469 379 1 37 8 3457 34579 "
        "7 8 39 4 2 5 1 6 39 "
        "2 69 1 5 3 78 4 78 69 "
        "3 7 68 1 89 4 29 58 25689 "
        "48 49 5 6 789 2 3 178 179 ",
        "Unique Rectangle Type 4 [r4c7 r4c9 r8c7 r8c9]: r4c9,r8c9<>9",
    ),
    "unique-rectangle-3": (
        "4 679 8 67 1567 17 135679 135679 2 "
        "5 27 69 24678 12678 3 1679 1679 147 "
        "3 267 1 9 2567 47 8 567 457 "
        "269 14 7 468 3 458 12569 12569 158 "
        "269 8 3 1 69 57 269 4 57 "
        "69 14 5 4678 6789 2 13679 136789 1378 "
        "8 3 2 5 4 6 17 17 9 "
        "1 5 4 2378 278 9 23 238 6 "
        "7 69 69 238 128 18 4 2358 358 ",
        "Unique Rectangle Type 3 [r2c3 r2c7 r2c8 r7c7 r7c8]: r2c4,r2c5<>6",
    ),
    "naked-quad": (
        "7 139 4 2359 6 129 8 239 359 "
        "2 5 3689 39 4 89 3679 379 1 "
        "1368 1389 13689 2359 13589 7 3569 2349 234569 "
        "134 13479 2 8 379 469 369 5 3469 "
        "348 6 389 349 2 5 1 349 7 "
        "5 3479 379 1 379 469 2 8 3469 "
        "148 1478 178 24579 1589 3 579 6 2589 "
        "9 13478 13678 24567 158 1248 357 1237 2358 "
        "1368 2 5 679 189 189 4 1379 389 ",
        "Naked Quad [r7c5 r8c5 r9c5 r9c6]: r8c6<>1, r7c4,r8c4<>5, r8c6<>8, r7c4,r9c4<>9",
    ),
    "jellyfish": (
        "129 259 47 1679 456789 3 125 89 124 "
        "8 3 59 2 59 14 6 7 14 "
        "129 6 47 179 45789 148 125 89 3 "
        "5 1 38 79 38 2 79 4 6 "
        "29 289 689 1679 4678 148 3 5 79 "
        "4 7 369 5 369 69 12 12 8 "
        "7 59 15 4 26 69 8 3 12 "
        "3 4 2 8 1 5 79 6 79 "
        "6 89 189 3 29 7 4 12 5 ",
        "Jellyfish [r2c3 r2c5 r6c3 r6c5 r6c6 r7c2 r7c6 r9c2 r9c3 r9c5]: "
        "r1c2,r1c5,r3c5,r5c2,r5c3<>9",
    ),
    "bug+1": (
        "9 5 6 24 3 24 1 8 7 "
        "78 4 37 1 5 68 36 9 2 "
        "28 12 13 89 69 7 4 35 56 "
        "5 6 9 48 2 48 37 37 1 "
        "4 7 12 3 16 9 8 25 56 "
        "3 12 8 5 7 16 26 4 9 "
        "1 3 45 279 49 25 27 6 8 "
        "27 9 27 6 8 3 5 1 4 "
        "6 8 45 27 14 15 9 27 3 ",
        "BUG+1 [r7c4]: r7c4=2",
    ),
    "finned-swordfish": (
        "4 2579 2579 6 19 158 3 25789 289 "
        "37 1 3579 3459 2 3458 4789 6 489 "
        "236 2569 8 3459 349 7 249 259 1 "
        "9 267 12367 8 13467 1346 5 23 2346 "
        "23678 4 2367 379 5 36 289 1 23689 "
        "1368 568 1356 1349 13469 2 489 389 7 "
        "5 2789 12479 12347 1347 134 6 23789 2389 "
        "1267 3 12679 1257 8 156 1279 4 29 "
        "12678 2678 12467 12347 13467 9 1278 2378 5 ",
        "Finned Swordfish [r1c5 r1c6 r4c3 r4c5 r4c6 r7c3 r7c4 r7c5 r7c6]: r8c6,r9c5<>1",
    ),
    "sashimi-swordfish": (
        "1237 5 12347 37 2489 24789 3479 6 47 "
        "8 6 347 357 459 1 34579 2 457 "
        "9 2347 2347 6 245 27 3457 8 1 "
        "257 1 489 89 3 489 257 57 6 "
        "6 379 3579 2 159 79 157 4 8 "
        "257 2478 24578 57 1458 6 127 3 9 "
        "1237 2379 12379 149 6 5 8 179 2347 "
        "4 3789 135789 189 289 289 6 1579 357 "
        "125 289 6 1489 7 3 45 159 245 ",
        "Sashimi Swordfish [r3c5 r3c7 r5c3 r5c5 r5c7 r8c3 r8c8 r8c9]: r9c7<>5",
    ),
    "finned-jellyfish": (
        "146 679 3 14579 8 147 2 457 457 "
        "124 279 12 134579 1459 134 6 8 457 "
        "48 78 5 6 47 2 9 3 1 "
        "135 35 126 145 124567 9 8 12567 2567 "
        "1258 258 7 15 3 16 4 12569 2569 "
        "9 4 126 8 256 167 17 12567 3 "
        "56 56 4 2 17 8 3 179 79 "
        "7 1 8 349 469 346 5 246 246 "
        "23 23 9 147 146 5 17 46 8 ",
        "Finned Jellyfish [r1c2 r1c4 r1c6 r1c8 r1c9 r2c2 r2c4 r2c9 r4c5 r4c8 r4c9 r7c5 r7c8 "
        "r7c9]: r3c5<>7",
    ),
    "sashimi-jellyfish": (
        "679 12 12 789 46 3 479 478 5 "
        "5 6789 6789 79 46 1 479 3 2 "
        "79 3 4 2 5 789 1 6 89 "
        "679 26789 26789 789 1 4 3 5 69 "
        "3 4789 789 6 789 5 2 1 489 "
        "1 456 56 3 89 2 789 78 46 "
        "4 569 569 1 3 689 568 2 7 "
        "2 679 3 5 789 6789 468 48 1 "
        "8 1567 1567 4 2 67 56 9 3 ",
        "Sashimi Jellyfish [r3c1 r3c6 r5c2 r5c3 r5c5 r8c2 r8c5 r8c6 r9c2 r9c3 r9c6]: r2c2,r2c3<>7",
    ),
    "x-chain": (
        "1257 3 57 6 17 27 8 9 4 "
        "124 246 69 8 1349 234 7 36 5 "
        "47 4678 6789 5 3479 347 36 1 2 "
        "6 579 357 4 2357 3578 1 28 79 "
        "357 1 4 9 2357 3578 356 28 36 "
        "8 59 2 37 6 1 4 35 79 "
        "235 268 3568 1 45 456 9 7 368 "
        "3457 4567 3567 37 8 9 2 356 1 "
        "9 78 1 2 357 567 56 4 38 ",
        "X-Chain [r2c8 r3c7 r6c4 r6c8 r8c4 r9c5]: r3c5<>3",
    ),
    "xy-chain": (
        "47 3 69 8 47 19 26 126 5 "
        "1278 1278 178 5 37 6 38 4 9 "
        "48 69 5 349 2 139 368 168 7 "
        "9 12578 1378 467 346 238 45678 5678 146 "
        "12378 1278 4 3679 5 2389 6789 6789 16 "
        "6 578 78 1 49 89 45789 3 2 "
        "1358 14689 2 369 18 7 4569 569 46 "
        "178 146789 16789 269 18 5 24679 2679 3 "
        "357 679 3679 2369 369 4 1 25679 8 ",
        "XY-Chain [r1c5 r2c5 r2c7 r6c5 r6c6]: r6c7<>8",
    ),
    "aic": (
        "12789 3 2678 5 1279 4 679 18 1789 "
        "1789 15678 4 79 3 17 5679 2 15789 "
        "1279 17 257 8 1279 6 3479 1345 1379 "
        "378 2 578 1 4 9 37 358 6 "
        "6 478 9 2 5 37 1 348 378 "
        "347 457 1 367 67 8 23457 9 2357 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 268 3469 1689 123 2359 7 12359 "
        "5 9 2678 367 1678 1237 23 136 4 ",
        "AIC [r4c7 r6c7 r6c9 r9c7]: r6c9<>7",
    ),
    "aic-placement": (
        "1279 3 267 5 1279 4 69 8 179 "
        "789 5678 4 79 3 17 569 2 1579 "
        "1279 17 57 8 279 6 349 1345 1379 "
        "38 2 58 1 4 9 7 35 6 "
        "6 47 9 2 5 37 1 34 8 "
        "347 457 1 367 67 8 2345 9 235 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 268 3469 1689 123 2359 7 12359 "
        "5 9 2678 367 1678 1237 23 136 4 ",
        "AIC [r2c1 r2c2 r4c1 r4c3 r6c2]: r4c1=3",
    ),
    "grouped-x-chain": (
        "1 2 38 4 357 357 6 58 9 "
        "4 5 6 12 8 9 12 7 3 "
        "7 38 9 1235 235 6 4 58 12 "
        "26 49 17 567 4567 157 129 3 8 "
        "368 389 17 378 367 2 179 4 5 "
        "238 348 5 9 34 1378 127 6 12 "
        "358 1 238 25678 2567 4 35 9 67 "
        "35 7 24 26 9 35 8 1 46 "
        "9 6 348 3578 1 3578 35 2 47 ",
        "Grouped X-Chain [r1c3 r7c3 r8c1 r8c6 r9c3]: r1c6<>3",
    ),
    "grouped-aic": (
        "267 2569 2567 589 4 23789 5679 23589 1 "
        "247 3 12457 6 1258 12789 4579 24589 245789 "
        "8 124569 124567 159 1235 12379 45679 23459 2345679 "
        "1 2468 9 48 7 5 46 234 2346 "
        "2346 2456 23456 149 136 1369 8 7 24569 "
        "3467 4568 345678 2 368 3689 14569 1459 4569 "
        "349 7 34 158 158 18 2 6 49 "
        "5 26 26 3 9 4 17 18 78 "
        "49 18 18 7 26 26 3 459 459 ",
        "Grouped AIC [r1c7 r3c7 r3c9 r4c7 r4c9]: r4c9<>4",
    ),
    "3d-medusa": (
        "7 4 5 8 69 69 1 3 2 "
        "9 2 8 4 3 1 57 57 6 "
        "3 6 1 57 2 57 8 4 9 "
        "5 1 9 6 8 237 4 27 37 "
        "2 37 4 19 5 9 37 6 8 "
        "8 37 6 127 14 2347 2357 9 1357 "
        "6 5 2 3 7 8 9 1 4 "
        "14 8 37 1259 149 2459 6 257 357 "
        "14 9 37 125 146 2456 2357 8 357 ",
        "3D Medusa [r4c6 r4c8 r6c7 r8c8 r9c7]: r9c6<>2",
    ),
    "als-xz": (
        "47 3 69 8 47 19 26 126 5 "
        "1278 1278 178 5 37 6 38 4 9 "
        "48 69 5 349 2 139 368 168 7 "
        "9 12578 1378 467 346 238 45678 5678 146 "
        "12378 1278 4 3679 5 2389 6789 6789 16 "
        "6 578 78 1 49 89 4579 3 2 "
        "1358 14689 2 369 18 7 4569 569 46 "
        "178 146789 16789 269 18 5 24679 2679 3 "
        "357 679 3679 2369 369 4 1 25679 8 ",
        "ALS-XZ [r1c5 r1c6 r2c5 r3c6 r6c5]: r5c6,r6c6<>9",
    ),
    "forcing-chain": (
        "12789 3 2678 5 1279 4 679 168 1789 "
        "1789 15678 4 79 3 17 5679 2 15789 "
        "1279 17 257 8 1279 6 3479 1345 1379 "
        "378 2 578 1 4 9 37 358 6 "
        "6 478 9 2 5 37 1 348 378 "
        "347 457 1 367 67 8 23457 9 2357 "
        "1247 1467 3 4679 1679 5 8 16 129 "
        "1248 1468 268 3469 1689 123 23569 7 12359 "
        "5 9 2678 367 1678 1237 236 136 4 ",
        "Dynamic Forcing Chain [r1c8]: r1c8<>6",
    ),
    "unique-rectangle-6": (
        "5 89 89 6 1 3 47 247 27 16 2 16 45 47 457 9 8 3 3 47 47 89 2 89 1 6 5 68 1 34568 458 9 "
        "45678 3578 27 278 289 4589 24589 3 47 14578 578 19 6 7 35689 35689 1258 56 12568 358 "
        "19 4 169 3679 13679 149 8 1469 2 5 179 4 5689 12589 7 56 12569 68 3 189 12689 56789 "
        "1256789 1259 3 12569 4678 47 1789",
        "Unique Rectangle Type 6 [r1c7 r1c8 r9c7 r9c8]: r1c8,r9c7<>4",
    ),
    "hidden-rectangle": (
        "4 569 1268 5789 3 15789 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 "
        "268 45789 278 45789 2345 23567 1 1236 346 1246 378 5 13678 23 9 378 123 8 59 3479 17 "
        "13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 "
        "678 678 9 4 2 9 2 7 35 4 35 1 68 68",
        "Hidden Rectangle [r4c2 r4c3 r7c2 r7c3]: r4c3<>6",
    ),
    "nishio": (
        "46 2456 2456 3 8 9 245 7 1 8 2579 23579 4 57 1 2359 23569 256 1 4579 34579 26 567 267 "
        "3459 589 3458 2 4789 4789 5 349 347 6 1 38 67 3 1 289 67 28 259 4 258 469 45689 45689 "
        "2689 1 23468 7 2389 238 5 24679 24679 1 349 346 8 236 23467 34679 46789 46789 689 2 "
        "34568 1 356 4567 346 1 2468 7 34 34568 2345 2356 9",
        "Nishio Forcing Chain [r6c2]: r6c2<>9",
    ),
    "cell-unit-forcing-chain": (
        "4 569 1268 5789 3 15789 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 "
        "268 45789 278 45789 2345 23567 1 1236 346 1246 378 5 13678 23 9 378 123 8 59 3479 17 "
        "13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 "
        "678 678 9 4 2 9 2 7 35 4 35 1 68 68",
        "Cell/Unit Forcing Chain [r1c6 r5c3 r5c4 r5c6]: r1c6<>9",
    ),
    "forcing-chain-plus": (
        "12567 2457 12467 134679 13459 34567 1379 1359 8 15678 78 3 16789 159 5678 4 159 2 "
        "1578 9 147 13478 2 34578 137 6 157 12358 23458 124 348 7 9 1368 13458 1456 35789 "
        "34578 479 348 6 1 2 34589 459 1389 6 149 5 348 2 1389 7 149 23679 237 8 1234679 1349 "
        "3467 5 149 14679 3679 1 679 346789 34589 345678 6789 2 4679 4 27 5 126789 189 678 "
        "16789 189 3",
        "Dynamic Forcing Chain (+) [r8c6]: r8c6<>8",
    ),
    "nested-forcing-chain": (
        "12567 2457 12467 134679 13459 34567 1379 1359 8 15678 578 3 16789 1589 5678 4 159 2 "
        "1578 9 147 13478 2 34578 137 6 157 12358 23458 124 348 7 9 1368 13458 1456 35789 "
        "34578 479 348 6 1 2 34589 459 1389 6 149 5 348 2 1389 7 149 23679 237 8 1234679 1349 "
        "3467 5 149 14679 3679 1 679 346789 34589 345678 6789 2 4679 4 27 5 126789 189 678 "
        "16789 189 3",
        "Dynamic Forcing Chain (+ Forcing Chains) [r2c2]: r2c2<>5",
    ),
}

# Sue de Coq, aligned exclusion and the ALS family keep their examples beside their own tests
EXAMPLES.update({k: v for k, v in ALS_FAMILY_EXAMPLES.items() if k in BY_KEY})

#: nested chains deeper than level 2: no 9x9 example in the test collections needs them;
#: tests/logic/test_logic_nested.py checks them on a small grid
DEEPER = {"nested-multiple-chain", "nested-dynamic-chain", "nested-deep-chain"}

#: the example keys that name a variant found by another technique's search
FOUND_BY = {
    "sashimi-x-wing": "finned-x-wing",
    "sashimi-swordfish": "finned-swordfish",
    "sashimi-jellyfish": "finned-jellyfish",
    "aic-placement": "aic",
}

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: 29 solutions; a public rater reported an invalid grid as solved here (BUG+1)
SEVERAL = "8.........59.......67.........8237.5...671..8...594......956137...718492...432586"



def assert_true_to(step: Step, solution: Grid) -> None:
    """No placement nor elimination of ``step`` contradicts ``solution``."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, f"{step}: {cell} is {solution[cell]}"
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, f"{step}: removed the true {digit} from {cell}"


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_each_technique_finds_its_pinned_step(key: str) -> None:
    text, expected = EXAMPLES[key]
    board = pencilmarks(text)
    solution = solve(board)
    assert solution is not None and count_solutions(board) == 1
    tech = BY_KEY[FOUND_BY.get(key, key)]
    step = next_step(board, techniques=[tech])
    assert step is not None and str(step) == expected
    assert step.placements or step.eliminations
    assert step.text and step.cells
    assert_true_to(step, solution)


def test_every_technique_of_the_ladder_has_an_example() -> None:
    assert {t.key for t in LADDER} <= set(EXAMPLES) | {"hidden-quad"} | DEEPER


def test_hidden_quad_on_a_built_board() -> None:
    # row 1 of a solved grid: 4,6,8,9 only in r1c1-r1c4 (with extras), the rest elsewhere
    full = solve(Grid(EASY))
    assert full is not None
    first = full.cells[:9]
    quad, rest = set(first[:4]), set(first[4:])
    sets = [quad | set(sorted(rest)[:2]) for _ in range(4)] + [rest] * 5
    sets += [{v} for v in full.cells[9:]]
    board = Candidates.from_sets(sets)
    step = next_step(board, techniques=[BY_KEY["hidden-quad"]])
    assert step is not None and step.technique == "Hidden Quad"
    assert {e.cell for e in step.eliminations} == {"r1c1", "r1c2", "r1c3", "r1c4"}
    assert {e.digit for e in step.eliminations} == set(sorted(rest)[:2])
    assert_true_to(step, full)


def test_next_step_takes_the_easiest() -> None:
    step = next_step(Grid(EASY))
    assert step is not None and step.level is Level.EASY
    # on the X-Wing board the ladder prefers nothing harder than what it needs
    text, _ = EXAMPLES["x-wing"]
    step = next_step(pencilmarks(text))
    assert step is not None and step.level <= Level.HARD


def test_a_step_is_data() -> None:
    step = next_step(pencilmarks(EXAMPLES["x-wing"][0]), techniques=[BY_KEY["x-wing"]])
    assert step is not None
    data = step.to_dict()
    assert data["technique"] == "X-Wing" and data["level"] == "hard"
    assert data["cells"] == ["r3c3", "r3c8", "r4c3", "r4c8"]
    assert {"cell": "r3c2", "digit": 5} in data["eliminations"]
    assert step.changes() == "r3c2,r3c7,r3c9,r4c7<>5"


def test_applying_a_step_to_a_candidate_board() -> None:
    board = pencilmarks(EXAMPLES["naked-single"][0])
    step = next_step(board, techniques=[BY_KEY["naked-single"]])
    assert step is not None
    after = step.apply(board)
    cell = board.shape.parse_cell(step.placements[0].cell)
    assert after.candidates(cell) == {step.placements[0].digit}
    assert all(step.placements[0].digit not in after.candidates(p) for p in board.shape.peers[cell])
    assert after != board


def test_solve_path_solves_a_simple_puzzle_with_singles() -> None:
    path = solve_path(Grid(EASY))
    assert path.solved and path.solutions == 1 and path.level is Level.EASY
    assert is_solution(path.final.to_grid(), Grid(EASY))
    assert len(path) == Grid(EASY).blanks  # one placement per blank cell
    assert not path.notes


def test_path_on_a_candidate_board_starts_where_the_board_is() -> None:
    board = pencilmarks(EXAMPLES["xy-chain"][0])
    path = solve_path(board)
    assert path.solved
    assert path.steps[0].technique == "XY-Chain"


def test_uniqueness_techniques_are_skipped_without_a_unique_solution() -> None:
    puzzle = Grid(SEVERAL)
    assert count_solutions(puzzle, 10) > 1
    path = solve_path(puzzle, guess=True)
    assert path.solutions == 2 and SKIPPED_NOT_UNIQUE in path.notes
    assert not any(BY_KEY[s.key].uniqueness for s in path.steps if s.key in BY_KEY)
    assert path.solved and is_solution(path.final.to_grid(), puzzle)


def test_uniqueness_techniques_need_proof() -> None:
    board = pencilmarks(EXAMPLES["bug+1"][0])
    bug = BY_KEY["bug+1"]
    assert next_step(board, techniques=[bug], unique=False) is None
    assert next_step(board, techniques=[bug], unique=True) is not None
    assert next_step(board, techniques=[bug]) is not None  # counted: one solution


def test_a_puzzle_without_solution_gets_no_steps() -> None:
    bad = Grid("12.345678" + "." * 9 + "..9" + "." * 60)  # r1c3 can hold nothing
    assert next_step(bad) is None
    path = solve_path(bad, guess=True)
    assert not path.solved and not path.steps and path.solutions == 0
    assert path.notes == (SKIPPED_NO_SOLUTION,)


def test_solve_path_without_guessing_stops_when_stuck() -> None:
    # logic cannot finish a puzzle with two solutions: it stops, and guessing goes on
    path = solve_path(Grid(SEVERAL))
    assert not path.solved and path.guesses == 0
    assert next_step(path.final) is None  # nothing more, not even on the board it reached
    guessed = solve_path(Grid(SEVERAL), guess=True)
    assert guessed.solved and guessed.guesses > 0


def test_a_hardest_puzzle_is_solved_without_guessing() -> None:
    hardest = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    path = solve_path(Grid(hardest))
    assert path.solved and path.guesses == 0


def _unique_puzzle(n: int, seed: int, box: tuple[int, int] | None = None) -> tuple[Grid, Grid]:
    """A puzzle with one solution, dug out of a solved grid in a seeded order."""
    solution = solve(Grid.empty(n, box))
    assert solution is not None
    cells = list(solution.cells)
    order = list(range(n * n))
    random.Random(seed).shuffle(order)
    for i in order:
        kept = cells[i]
        cells[i] = 0
        if count_solutions(Grid.from_cells(cells, box), 2) != 1:
            cells[i] = kept
    return Grid.from_cells(cells, box), solution


@pytest.mark.parametrize(("n", "box"), [(4, None), (6, None), (8, (2, 4)), (12, None), (16, None)])
def test_other_sizes_are_solved_soundly(n: int, box: tuple[int, int] | None) -> None:
    for seed in range(1 if n >= 16 else 3):
        puzzle, solution = _unique_puzzle(n, seed, box)
        path = solve_path(puzzle, guess=True)
        assert path.solved and path.final.to_grid() == solution
        for step in path:
            assert_true_to(step, solution)


def test_pencilmarks_are_where_the_logic_starts() -> None:
    from sudokit.logic.board import Board

    for line in (EASY, SEVERAL):
        grid = Grid(line)
        marks = Candidates.pencilmarks(grid)
        assert marks == Board.from_grid(grid).to_candidates()
        assert all(marks.candidates(i) == {v} for i, v in enumerate(grid.cells) if v)
        assert marks.count_solved() >= grid.givens  # plus any naked single already there
        assert not marks.has_contradiction()


def test_contradictions_are_seen() -> None:
    board = Candidates.pencilmarks(Grid("12.345678" + "." * 9 + "..9" + "." * 60))
    assert board.candidates(2) == frozenset()
    assert board.has_contradiction()
    twice = Candidates.from_grid(Grid("11" + "." * 79))
    assert twice.has_contradiction()


def test_propagate_is_constraint_propagation_alone() -> None:
    # singles by elimination solve the easy puzzle; the hardest one they leave unsolved
    assert Candidates.from_grid(Grid(EASY)).propagate().is_solved()
    hardest = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    stuck = Candidates.from_grid(Grid(hardest)).propagate()
    assert not stuck.is_solved() and not stuck.has_contradiction()
    assert stuck.propagate() == stuck


def test_uniqueness_techniques_would_lose_solutions_if_assumed() -> None:
    # on this puzzle (several solutions) a unique rectangle, wrongly trusted, rules out
    # candidates that some solutions hold; the default path never takes that step
    line = "8.........95.......76.........692487...714532...853916...976.4....4287.3...531..."
    puzzle = Grid(line)
    path = solve_path(puzzle, techniques=[t for t in LADDER if not t.uniqueness])
    step = next_step(path.final, unique=True, techniques=[BY_KEY["unique-rectangle-1"]])
    assert step is not None and step.eliminations
    lost = [
        e
        for e in step.eliminations
        if count_solutions(puzzle.with_digit(puzzle.shape.parse_cell(e.cell), e.digit), 1)
    ]
    assert lost  # the rectangle's "deadly pattern" is just another solution here
    assert not any(s.key.startswith("unique-rectangle") for s in solve_path(puzzle))
