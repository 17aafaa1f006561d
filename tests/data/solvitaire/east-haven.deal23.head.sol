[info] Attempting to solve deal23.json...
[cpu-search-us] 34351
Solution:
--- Foundations ---------
[]	[]	[]	[]
--- Tableau Piles -------
##	##	##	##	##	##	##
##	##	##	##	##	##	##
4H	4D	AH	6H	5D	KH	QC
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
JD
3H
7C
3S
8D
KC
QH
7D
7S
5C
5H
JC
10D
QS
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
##	##	##	##	##	##	##
##	##	10C	##	##	##	##
4H	4D		6H	5D	KH	QC
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
JD
3H
7C
3S
8D
KC
QH
7D
7S
5C
5H
JC
10D
QS
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
##	##	##	##	##	##	##
##	##	10C	##	##	##	6D
4H	4D		6H	5D	KH
					QC
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
JD
3H
7C
3S
8D
KC
QH
7D
7S
5C
5H
JC
10D
QS
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
##	##	##	##	##	##	##
##	##	10C	##	##	##	6D
4H	4D	JC	6H	5D	KH	7D
QS	10D		5H	5C	QC
					7S
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
JD
3H
7C
3S
8D
KC
QH
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
##	##	##	##	##	##	##
##	##	10C	##	##	##	6D
4H	4D	JC	6H	5D	KH	7D
QS		10D	5H	5C	QC
					7S
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
JD
3H
7C
3S
8D
KC
QH
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
##	##	##	##	##	##	##
##	3C	10C	##	##	##	6D
4H		JC	6H	5D	KH	7D
QS		10D	5H	5C	QC
				4D	7S
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
JD
3H
7C
3S
8D
KC
QH
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
##	3D	##	##	##	##	##
##		10C	##	##	##	6D
4H		JC	6H	5D	KH	7D
QS		10D	5H	5C	QC
				4D	7S
				3C
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
JD
3H
7C
3S
8D
KC
QH
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
##	3D	##	##	##	##	##
##	KC	10C	##	##	##	6D
4H		JC	6H	5D	KH	7D
QS		10D	5H	5C	QC	JD
QH		8D	3S	4D	7S
				3C	3H
				7C
--- Stock ---------------
QD
2H
9C
KD
8H
AC
4S
JH
2C
10S
6S
2D
8S
7H
9D
2S
AS
===================================
