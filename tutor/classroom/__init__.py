"""The classroom: teachers' classes with join codes, assignments built from the quiz's drills,
results, and live lessons on a projector with the students' phones answering."""
