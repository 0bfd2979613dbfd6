"""Transcripts from a review of the rulings against the laws, kept for regression tests."""

P1 = """hand p1
dealer S
deal N:AKQ.432.AKQJ.432 432.765.765.8765 876.AKQJT.432.AK JT95.98.T98.QJT9
contract 4H by S
play E C8
elect S lead D
withdraw E C8
play W DT
play N DA
play E D5
play S D2
quit NS
"""

P2WIN = """hand p2win
dealer N
deal N:876543..32.AKQJT AJ2.AKQJT98765.. KQT9.4..98765432 .32.AKQJT987654.
contract 1C by N
play E HA
play S H4
play W H2
play N CT
quit NS
play N S8
play W D4
elect N win
play E S2
play S SK
quit NS
"""

P2LOSE = """hand p2lose
dealer N
deal N:876543..32.AKQJT AJ2.AKQJT98765.. KQT9.4..98765432 .32.AKQJT987654.
contract 1C by N
play E HA
play S H4
play W H2
play N CT
quit NS
play N S8
play W D4
elect N lose
play E SA
play S SK
quit NS
"""

P3 = """hand law80-fourth-before-second
dealer S
deal N:AKQ.432.AKQJ.432 432.765.765.8765 876.AKQJT.432.AK JT95.98.T98.QJT9
contract 4H by S
play W DT
play N DA
play E D5
play S D2
quit NS
play N C2
play E C5
play S CA
play W C9
quit NS
play S CK
play E C6
elect S highest
play W H8
play N C3
quit EW
elect S tricks
"""

P5 = """hand p5
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play N S8
play E C9
elect S highest
play S S3
withdraw E C9
play E S2
quit EW
"""

P6 = """hand p6
dealer S
deal N:AKQ.432.AKQJ.432 432.765.765.8765 876.AKQJT.432.AK JT95.98.T98.QJT9
contract 4H by S
play E C8
elect S lead D
withdraw E C8
play W SJ
withdraw W SJ
play W H9
play N H2
play E H5
play S HA
quit NS
"""

P7 = """hand p7 quitting=strict
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W D2
play N DT
play E C9
play S D6
play N H6
withdraw E C9
play E DA
play S HA
play W H2
play E H4
"""

P10 = """hand p10 quitting=strict
dealer S
deal N:JT9.765.QJT9.QJT 432.43.432.65432 KQ.AKQJT98.AK.AK A8765.2.8765.987
contract 4H by S
play W SA
play N S9
play E C2
play S SQ
claim S 12
claim-revoke NS E
cut
"""

P11 = """hand p11
dealer S
deal N:JT9.765.QJT9.QJT 432.43.432.65432 KQ.AKQJT98.AK.AK A8765.2.8765.987
contract 4H by S
play W SA
play N S9
play E C2
claim S 12
claim-revoke NS E
cut
"""

P12 = """hand law89-both-sides-revoke
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play N S8
play E C9
play S S3
quit EW
attention N East revoked!
play W D5
play N DT
play E DA
play S C5
quit EW
"""

P13 = """hand law84c-second-revoke-same-side
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play N S8
play E C9
play S S3
quit EW
attention N East revoked!
play W D5
play N DT
play E DA
play S D6
quit EW
play E CA
play S C5
play W H3
play N C6
quit EW
"""

P14 = """hand law89-both-sides-revoke
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play N S8
play E C9
play S S3
quit EW
play W D5
play N DT
play E DA
play S C5
quit EW
claim S 11
claim-revoke NS E
cut
"""

P17 = """hand p17
dealer S
deal N:JT9.765.QJT9.QJT - KQ.AKQJT98.AK.AK -
contract 4H by S
play W SA
play N S9
play E C2
play S SQ
ask W E
answer E yes
quit EW
play W D8
claim S 12
claim-revoke NS E
cut
"""

P18 = """hand p18
dealer S
deal N:T98.9876.T98.876 2.542.AKQJ.AKQJT 76543.AKQJT.76.5 AKQJ..5432.9432
contract 4H by S
play W D2
play N D8
play E DJ
play S D6
quit EW
play E H2
play S HT
play W C2
play N H6
quit NS
play S HJ
play W C3
play N H7
play E H4
quit NS
play S HQ
play W D3
play N H8
play E H5
quit NS
play S HK
play W D4
play N H9
play E S2
quit NS
play S HA
play W C4
play N C6
play E CT
quit NS
play S S3
play W SJ
play N S8
play E CJ
quit EW
play W D5
play N D9
play E DQ
play S D7
quit EW
play E CQ
play S C5
play W C9
play N C7
quit EW
play E CK
play S S4
play W SQ
play N C8
quit EW
play E DK
play S S5
play W SK
play N DT
quit EW
play E CA
play S S6
play W SA
play N S9
quit EW
play E DA
play S S7
play N ST
quit EW
cut
"""

P19 = """hand p19
dealer S
deal N:AKQ.432.AKQJ.432 432.765.765.8765 876.AKQJT.432.AK JT95.98.T98.QJT9
contract 4H by S
play E C8
play S CA
play W C9
play N C2
quit NS
elect S exposed
"""
