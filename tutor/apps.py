from django.apps import AppConfig


class TutorConfig(AppConfig):
    name = "tutor"
    verbose_name = "Tutor"

    def ready(self) -> None:
        # Signal receivers: log-in adopts the session's learner; each feature moves its rows
        # when two learners merge.
        from tutor.accounts import learners  # noqa: F401
        from tutor.classroom import roster  # noqa: F401
        from tutor.collections import store  # noqa: F401
        from tutor.path import store as path_store  # noqa: F401
        from tutor.quiz import progress  # noqa: F401
        from tutor.review import store as review_store  # noqa: F401
