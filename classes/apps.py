from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassesConfig(AppConfig):
    name = "classes"
    verbose_name = _("Classes")
