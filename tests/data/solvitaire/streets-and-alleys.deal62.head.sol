Solution:
--- Foundations ---------
[]	[]	[]	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	6C	2S	2D	8D	3H	QS	JC
2H	7S	QH	4C	6S	9C	9S	7H
9D	4D	5C	QC	5D	7D	8C	AS
JD	10S	AH	5H
===================================
--- Foundations ---------
[]	AH	[]	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	6C	2S	2D	8D	3H	QS	JC
2H	7S	QH	4C	6S	9C	9S	7H
9D	4D	5C	QC	5D	7D	8C	AS
JD	10S		5H
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	6C	2S	2D	8D	3H	QS	JC
2H	7S	QH	4C	6S	9C	9S	7H
9D	4D	5C	QC	5D	7D	8C
JD	10S		5H
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	6C	2S	2D	8D	3H	QS	JC
2H	7S	QH	4C	6S	9C	9S	7H
9D	4D	5C	QC	5D	7D	8C
JD			5H
10S
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	6C	2S	2D	8D	3H	QS	JC
2H	7S	QH	4C	6S	9C	9S	7H
9D		5C	QC	5D	7D	8C
JD		4D	5H
10S
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	6C	2S	2D	8D	3H	QS	JC
2H		QH	4C	6S	9C	9S	7H
9D		5C	QC	5D	7D	8C
JD		4D	5H			7S
10S
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH		2S	2D	8D	3H	QS	JC
2H		QH	4C	6S	9C	9S	7H
9D		5C	QC	5D	7D	8C	6C
JD		4D	5H			7S
10S
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	7D	2S	2D	8D	3H	QS	JC
2H		QH	4C	6S	9C	9S	7H
9D		5C	QC	5D		8C	6C
JD		4D	5H			7S
10S
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	7D	2S	2D	8D	3H	QS	JC
2H		QH	4C	6S		9S	7H
9D		5C	QC	5D		8C	6C
JD		4D	5H			7S
10S
9C
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	7D	2S	2D	8D		QS	JC
2H		QH	4C	6S		9S	7H
9D		5C	QC	5D		8C	6C
JD		4D	5H			7S
10S		3H
9C
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	7D	2S	2D	8D		QS	JC
2H		QH	4C	6S		9S	7H
9D		5C	QC			8C	6C
JD		4D	5H			7S	5D
10S		3H
9C
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	7D	2S	2D	8D		QS	JC
2H	6S	QH	4C			9S	7H
9D		5C	QC			8C	6C
JD		4D	5H			7S	5D
10S		3H
9C
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	7D	2S	2D			QS	JC
2H	6S	QH	4C			9S	7H
9D		5C	QC			8C	6C
JD		4D	5H			7S	5D
10S		3H
9C
8D
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS		10D	JS	6D
KH	7D	2S	2D		9H	QS	JC
2H	6S	QH	4C			9S	7H
9D		5C	QC			8C	6C
JD		4D	5H			7S	5D
10S		3H
9C
8D
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS		10D	JS	6D
KH	7D	2S	2D		9H	QS	JC
2H		QH	4C			9S	7H
9D		5C	QC			8C	6C
JD		4D	5H			7S	5D
10S		3H				6S
9C
8D
===================================
--- Foundations ---------
[]	AH	AS	[]
--- Tableau Piles -------
10H	3D	2C	4H	6H	3S	AD	JH
QD	8S	7C	4S	10C	AC	5S	KC
3C	8H	KD	KS	9H	10D	JS	6D
KH	7D	2S	2D			QS	JC
2H		QH	4C			9S	7H
9D		5C	QC			8C	6C
JD		4D	5H			7S	5D
10S		3H				6S
9C
8D
===================================
