"""The course: lessons with live-scored examples, the glossary and the quick-reference tables."""
