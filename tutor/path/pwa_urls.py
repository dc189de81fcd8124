"""The manifest and the service worker, at the site's root in every language (config/urls.py)."""

from django.urls import path

from tutor.path import pwa

urlpatterns = [
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
]
