"""Picker views (the picker issue fills this in)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def picker(request: HttpRequest) -> HttpResponse:
    return render(request, "scorer/picker.html")
