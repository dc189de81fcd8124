from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """The tutor's landing page (walkthroughs and lessons arrive with the tutor issue)."""
    return render(request, "tutor/index.html")
