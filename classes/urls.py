from django.urls import path

from . import views

app_name = "classes"
ASSIGNMENT = "<int:class_id>/a/<int:assignment_id>/"
STUDENT = "<int:class_id>/students/<int:student_id>/"
urlpatterns = [
    path("", views.index, name="index"),
    path("mine/", views.my_assignments, name="mine"),
    path("teach/", views.request_instructor, name="request_instructor"),
    path("new/", views.class_new, name="new"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join_link, name="join_link"),
    path("<int:class_id>/", views.detail, name="detail"),
    path("<int:class_id>/edit/", views.edit, name="edit"),
    path("<int:class_id>/code/", views.regenerate_code, name="regenerate_code"),
    path("<int:class_id>/teachers/", views.add_teacher, name="add_teacher"),
    path("<int:class_id>/teachers/leave/", views.teacher_leave, name="teacher_leave"),
    path("<int:class_id>/leave/", views.leave, name="leave"),
    path("<int:class_id>/news/", views.news_post, name="news"),
    path("<int:class_id>/news/<int:post_id>/edit/", views.news_edit, name="news_edit"),
    path("<int:class_id>/news/<int:post_id>/delete/", views.news_delete, name="news_delete"),
    path("<int:class_id>/assign/", views.assignment_new, name="assignment_new"),
    path(ASSIGNMENT, views.assignment, name="assignment"),
    path(ASSIGNMENT + "answer/", views.answer, name="answer"),
    path(ASSIGNMENT + "items/", views.item_new, name="item_new"),
    path(ASSIGNMENT + "items/<int:number>/", views.item_edit, name="item_edit"),
    path(ASSIGNMENT + "items/<int:number>/delete/", views.item_delete, name="item_delete"),
    path(ASSIGNMENT + "print/", views.worksheet_print, name="print"),
    path(ASSIGNMENT + "students/<int:student_id>/", views.worksheet_review, name="review"),
    path(ASSIGNMENT + "edit/", views.assignment_edit, name="assignment_edit"),
    path(ASSIGNMENT + "delete/", views.assignment_delete, name="assignment_delete"),
    path("<int:class_id>/dashboard/", views.dashboard, name="dashboard"),
    path("<int:class_id>/dashboard.csv", views.dashboard_csv, name="dashboard_csv"),
    path(STUDENT, views.student, name="student"),
    path(STUDENT + "remove/", views.student_remove, name="student_remove"),
]
