[info] Attempting to solve deal4.json...
[cpu-search-us] 1117
Solution:
--- Foundations ---------
[]	[]	[]	[]
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	[]
JS
2D
AS
KS
10D
JH
2H
QD
4S
6H
4C
6C
9D
AD
AC
AH
5H
QS
2C
JC
5D
QC
7C
===================================
--- Foundations ---------
[]	[]	AS	[]
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
2D	5D
	JC
	2C
	QS
	5H
	AH
	AC
	AD
	9D
	6C
	4C
	6H
	4S
	QD
	2H
	JH
	10D
	KS
===================================
--- Foundations ---------
[]	[]	AS	AD
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
2D	5D
KS	JC
10D	2C
JH	QS
2H	5H
QD	AH
4S	AC
6H
4C
6C
9D
===================================
--- Foundations ---------
[]	[]	AS	2D
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
	5D
	JC
	2C
	QS
	5H
	AH
	AC
	9D
	6C
	4C
	6H
	4S
	QD
	2H
	JH
	10D
	KS
===================================
--- Foundations ---------
AC	[]	AS	2D
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH	2C
2H	QS
QD	5H
4S	AH
6H
4C
6C
9D
===================================
--- Foundations ---------
AC	AH	AS	2D
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH	2C
2H	QS
QD	5H
4S
6H
4C
6C
9D
===================================
--- Foundations ---------
AC	2H	AS	2D
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH	2C
	QS
	5H
	9D
	6C
	4C
	6H
	4S
	QD
===================================
--- Foundations ---------
2C	2H	AS	2D
--- Tableau Piles -------
8C	##	##	##	##	##	##
	3C	##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH
QD
4S
6H
4C
6C
9D
5H
QS
===================================
--- Foundations ---------
3C	2H	AS	2D
--- Tableau Piles -------
8C	3D	##	##	##	##	##
		##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH
QD
4S
6H
4C
6C
9D
5H
QS
===================================
--- Foundations ---------
4C	2H	AS	2D
--- Tableau Piles -------
8C	3D	##	##	##	##	##
		##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH	QS
QD	5H
4S	9D
6H	6C
===================================
--- Foundations ---------
4C	2H	AS	3D
--- Tableau Piles -------
8C	[]	##	##	##	##	##
		##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	##	##
					2S	##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH	QS
QD	5H
4S	9D
6H	6C
===================================
--- Foundations ---------
4C	2H	2S	3D
--- Tableau Piles -------
8C	[]	##	##	##	##	##
		##	##	##	##	##
		7H	##	##	##	##
			10H	##	##	##
				8D	KC	##
						##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH	QS
QD	5H
4S	9D
6H	6C
===================================
--- Foundations ---------
4C	2H	2S	3D
--- Tableau Piles -------
8C	[]	##	##	##	##	##
7H		9H	##	##	##	##
			##	##	##	##
			10H	##	##	##
				8D	KC	##
						##
						4H
--- Stock | Waste -------
7S	7C
JS	QC
KS	5D
10D	JC
JH	QS
QD	5H
4S	9D
6H	6C
===================================
